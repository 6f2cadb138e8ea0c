// A challenge service for the contract suite: a client sends one line, `probe host:port ...` or anything else; it answers
// one JSON line with its uid, its FLAG and, for a probe, which addresses it reached (`gateway` is its network's first
// address, the host's side of the bridge).
import { createConnection, createServer } from 'node:net';
import { networkInterfaces } from 'node:os';

const gateway = () => {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  if (!address) return '0.0.0.0';
  const parts = address.split('.').map(Number);
  const last = parts[3] & 0xf0; // a /28
  return `${parts[0]}.${parts[1]}.${parts[2]}.${last + 1}`;
};

const reach = (target) =>
  new Promise((resolve) => {
    const [host, port] = target.replace('gateway', gateway()).split(':');
    const socket = createConnection({ host, port: Number(port), timeout: 2000 });
    const done = (reached) => {
      socket.destroy();
      resolve(reached);
    };
    socket.on('connect', () => done(true));
    socket.on('timeout', () => done(false));
    socket.on('error', () => done(false));
  });

createServer((socket) => {
  socket.once('data', async (data) => {
    const [command, ...targets] = data.toString().trim().split(/\s+/);
    const probes = {};
    if (command === 'probe') {
      const reached = await Promise.all(targets.map(reach));
      targets.forEach((target, i) => (probes[target] = reached[i]));
    }
    socket.end(`${JSON.stringify({ uid: process.getuid(), flag: process.env.FLAG, probes })}\n`);
  });
}).listen(8080);

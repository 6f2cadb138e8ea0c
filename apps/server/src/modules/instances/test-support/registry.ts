import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { eventually } from '../../../../test/eventually.js';

import { skipReason } from './podman-engine.js';

/**
 * A real registry for the pull suite (docs/operations.md "Challenge instances"): Debian's docker-registry (distribution
 * 2.8), served on a free port of 127.0.0.1 over plain HTTP with its storage in a temporary folder, and the
 * registries.conf that lets an engine pull from it (`insecure = true` for that location only).
 */
const REGISTRY_BINARY = '/usr/bin/docker-registry';

export const registrySkipReason =
  skipReason ??
  (existsSync(REGISTRY_BINARY) ? undefined : 'docker-registry is not installed (scripts/test-instances.sh installs it)');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

export async function startRegistry(): Promise<{ location: string; registriesConf: string; stop(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'drapeau-registry-'));
  const port = await freePort();
  const location = `127.0.0.1:${port}`;
  const config = path.join(dir, 'config.yml');
  writeFileSync(
    config,
    [
      'version: 0.1',
      'log: {level: warn}',
      `storage: {filesystem: {rootdirectory: ${path.join(dir, 'data')}}}`,
      `http: {addr: "${location}"}`,
      '',
    ].join('\n'),
  );
  const registriesConf = path.join(dir, 'registries.conf');
  writeFileSync(registriesConf, `[[registry]]\nlocation = "${location}"\ninsecure = true\n`);
  const registry: ChildProcess = spawn(REGISTRY_BINARY, ['serve', config], { stdio: 'ignore' });
  const stop = () => {
    registry.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  // Up once its API answers (the distribution API's base endpoint).
  try {
    await eventually(async () => {
      const response = await fetch(`http://${location}/v2/`);
      if (!response.ok) throw new Error(`docker-registry answered ${response.status} on ${location}`);
    });
  } catch (error) {
    stop();
    throw error;
  }
  return { location, registriesConf, stop };
}

/**
 * A second location for the registry that holds the engine's requests until `open()`: while it is closed, a pull
 * through it is under way for as long as the test needs. The engine tries HTTPS first: that attempt is refused at once
 * (a TLS record's first byte is 0x16), so that it falls back to plain HTTP, which is held. Give its location
 * `insecure = true` too.
 */
export async function startGate(target: string): Promise<{ location: string; open(): void; stop(): void }> {
  const [targetHost = '127.0.0.1', targetPort = '0'] = target.split(':');
  let isOpen = false;
  const held: { socket: Socket; first: Buffer }[] = [];
  const sockets = new Set<Socket>();
  const forward = (socket: Socket, first: Buffer) => {
    const upstream = connect({ host: targetHost, port: Number(targetPort) }, () => {
      upstream.write(first);
      socket.pipe(upstream).pipe(socket);
      socket.resume();
    });
    sockets.add(upstream);
    upstream.on('close', () => socket.destroy());
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  };
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      if (first[0] === 0x16) return void socket.destroy();
      socket.pause();
      if (isOpen) forward(socket, first);
      else held.push({ socket, first });
    });
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('no port'));
    });
  });
  return {
    location: `127.0.0.1:${port}`,
    open() {
      isOpen = true;
      for (const { socket, first } of held.splice(0)) forward(socket, first);
    },
    stop() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

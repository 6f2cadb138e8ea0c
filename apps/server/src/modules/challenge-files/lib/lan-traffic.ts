import { buildDnsQuery, buildDnsResponse, type DnsAnswer, type DnsType } from './dns-message.js';
import type { NetHost, PacketCapture } from './packet-capture.js';
import type { SeedStream } from './seed-stream.js';
import { createTcpConversation } from './tcp-conversation.js';

/** Everyday traffic of a small office LAN, shared by the capture generators. */

export interface Lan {
  client: NetHost;
  router: NetHost;
  /** Build a host beyond the router (reached through the router's MAC, TTL decreased by hops). */
  createRemoteHost(ip: string): NetHost;
}

const VENDOR_PREFIXES = ['3c:52:82', 'a4:4c:c8', 'f0:2f:74', '00:1e:c9', '8c:16:45'];

export function createMac(random: SeedStream): string {
  const tail = [...random.nextBytes(3)].map((b) => b.toString(16).padStart(2, '0'));
  return [random.pick(VENDOR_PREFIXES), ...tail].join(':');
}

export function createLan(random: SeedStream): Lan {
  const router: NetHost = { ip: '192.168.1.1', mac: createMac(random) };
  const client: NetHost = { ip: `192.168.1.${random.nextIntBetween(20, 120)}`, mac: createMac(random) };
  return {
    client,
    router,
    createRemoteHost: (ip) => ({ ip, mac: router.mac, ttl: 64 - random.nextIntBetween(6, 14) }),
  };
}

export function pickEphemeralPort(random: SeedStream): number {
  return random.nextIntBetween(49152, 65000);
}

export interface DnsLookup {
  name: string;
  type: DnsType;
  answers: readonly DnsAnswer[];
  rcode?: 'NOERROR' | 'NXDOMAIN';
}

/** A query from the client to the router's resolver and its answer; returns the answer's time. */
export function addDnsLookup(capture: PacketCapture, random: SeedStream, lan: Lan, atUs: number, lookup: DnsLookup): number {
  const id = random.nextInt(0x10000);
  const port = pickEphemeralPort(random);
  capture.addUdp(atUs, lan.client, lan.router, [port, 53], buildDnsQuery(id, lookup.name, lookup.type));
  const answeredUs = atUs + random.nextIntBetween(900, 30_000);
  const response = buildDnsResponse(id, lookup.name, lookup.type, lookup.answers, lookup.rcode);
  capture.addUdp(answeredUs, lan.router, lan.client, [53, port], response);
  return answeredUs;
}

export interface HttpExchange {
  server: NetHost;
  host: string;
  path: string;
  status: string;
  contentType: string;
  body: string;
}

/** A plain HTTP/1.1 GET on its own connection; returns the time the connection is closed. */
export function addHttpExchange(
  capture: PacketCapture,
  random: SeedStream,
  lan: Lan,
  atUs: number,
  exchange: HttpExchange,
): number {
  const conversation = createTcpConversation({
    capture,
    random,
    client: lan.client,
    server: exchange.server,
    clientPort: pickEphemeralPort(random),
    serverPort: 80,
    startUs: atUs,
    latencyUs: random.nextIntBetween(8_000, 25_000),
  });
  conversation.open();
  conversation.send(
    'client',
    `GET ${exchange.path} HTTP/1.1\r\nHost: ${exchange.host}\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:124.0) Gecko/20100101 Firefox/124.0\r\n` +
      `Accept: text/html,application/xhtml+xml,*/*;q=0.8\r\nAccept-Language: en-US,en;q=0.5\r\nConnection: close\r\n\r\n`,
  );
  conversation.wait(random.nextIntBetween(2_000, 15_000));
  const body = Buffer.from(exchange.body, 'utf8');
  conversation.send(
    'server',
    Buffer.concat([
      Buffer.from(
        `HTTP/1.1 ${exchange.status}\r\nServer: nginx\r\nContent-Type: ${exchange.contentType}\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      ),
      body,
    ]),
  );
  conversation.close('server');
  return conversation.nowUs();
}

/** The client resolves `target` on the LAN: who-has broadcast and reply. */
export function addArpExchange(capture: PacketCapture, random: SeedStream, lan: Lan, atUs: number, target: NetHost): number {
  capture.addArpRequest(atUs, lan.client, target.ip);
  const repliedUs = atUs + random.nextIntBetween(200, 2_000);
  capture.addArpReply(repliedUs, target, lan.client);
  return repliedUs;
}

/** 2024-03-14T09:00:00Z plus up to a day, so captures look recent but fixed per deployment. */
export function pickCaptureStartUs(random: SeedStream): number {
  return (1_710_406_800 + random.nextInt(86_400)) * 1_000_000 + random.nextInt(1_000_000);
}

import type { NetHost, PacketCapture } from './packet-capture.js';
import { TCP_ACK, TCP_FIN, TCP_PSH, TCP_SYN } from './pcap-writer.js';
import type { SeedStream } from './seed-stream.js';

type TcpSide = 'client' | 'server';

export interface TcpConversationOptions {
  capture: PacketCapture;
  random: SeedStream;
  client: NetHost;
  server: NetHost;
  clientPort: number;
  serverPort: number;
  startUs: number;
  /** Typical one-way latency between the two hosts. */
  latencyUs: number;
}

export interface TcpConversation {
  /** SYN, SYN-ACK, ACK. */
  open(): void;
  /** Sends data from one side (split at the MSS); the peer acknowledges each segment. */
  send(from: TcpSide, data: Buffer | string): void;
  /** Orderly release started by `initiator`: FIN, ACK, FIN, ACK. */
  close(initiator: TcpSide): void;
  /** Lets time pass (think time, server work). */
  wait(us: number): void;
  nowUs(): number;
}

const MSS = 1460;
// MSS 1460, NOP, NOP, SACK permitted.
const SYN_OPTIONS = Buffer.from([0x02, 0x04, 0x05, 0xb4, 0x01, 0x01, 0x04, 0x02]);

/** Simulates one TCP connection with consistent sequence numbers and realistic timing. */
export function createTcpConversation(options: TcpConversationOptions): TcpConversation {
  const { capture, random, client, server, clientPort, serverPort, latencyUs } = options;
  let timeUs = options.startUs;
  const seq: Record<TcpSide, number> = { client: random.nextInt(2 ** 32), server: random.nextInt(2 ** 32) };
  const windows: Record<TcpSide, number> = { client: 64240, server: 65160 };

  const hop = (): number => Math.round(latencyUs * (0.8 + 0.4 * random.nextFloat()));
  const peerOf = (side: TcpSide): TcpSide => (side === 'client' ? 'server' : 'client');

  const emit = (from: TcpSide, flags: number, payload: Buffer, tcpOptions?: Buffer): void => {
    const to = peerOf(from);
    capture.addTcp(timeUs, from === 'client' ? client : server, from === 'client' ? server : client, {
      srcPort: from === 'client' ? clientPort : serverPort,
      dstPort: from === 'client' ? serverPort : clientPort,
      seq: seq[from],
      ack: seq[to],
      flags,
      window: windows[from],
      ...(tcpOptions ? { options: tcpOptions } : {}),
      payload,
    });
    const consumed = payload.length + (flags & (TCP_SYN | TCP_FIN) ? 1 : 0);
    seq[from] = (seq[from] + consumed) >>> 0;
  };

  return {
    open() {
      emit('client', TCP_SYN, Buffer.alloc(0), SYN_OPTIONS);
      timeUs += hop();
      // The SYN-ACK acknowledges the client's SYN, already counted in seq.client.
      emit('server', TCP_SYN | TCP_ACK, Buffer.alloc(0), SYN_OPTIONS);
      timeUs += hop();
      emit('client', TCP_ACK, Buffer.alloc(0));
      timeUs += random.nextIntBetween(50, 400);
    },
    send(from, data) {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
      for (let offset = 0; offset < bytes.length; offset += MSS) {
        const chunk = bytes.subarray(offset, offset + MSS);
        const isLast = offset + MSS >= bytes.length;
        emit(from, TCP_ACK | (isLast ? TCP_PSH : 0), chunk);
        timeUs += random.nextIntBetween(20, 120);
      }
      timeUs += hop();
      emit(peerOf(from), TCP_ACK, Buffer.alloc(0));
      timeUs += random.nextIntBetween(30, 300);
    },
    close(initiator) {
      const peer = peerOf(initiator);
      emit(initiator, TCP_FIN | TCP_ACK, Buffer.alloc(0));
      timeUs += hop();
      emit(peer, TCP_ACK, Buffer.alloc(0));
      timeUs += random.nextIntBetween(20, 200);
      emit(peer, TCP_FIN | TCP_ACK, Buffer.alloc(0));
      timeUs += hop();
      emit(initiator, TCP_ACK, Buffer.alloc(0));
    },
    wait(us) {
      timeUs += us;
    },
    nowUs: () => timeUs,
  };
}

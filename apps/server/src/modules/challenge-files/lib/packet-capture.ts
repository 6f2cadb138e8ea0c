import {
  buildArpPacket,
  buildEthernetFrame,
  buildIpv4Packet,
  buildTcpSegment,
  buildUdpDatagram,
  encodePcap,
  ETHERTYPE_ARP,
  ETHERTYPE_IPV4,
  IP_PROTOCOL_TCP,
  IP_PROTOCOL_UDP,
  type CapturedFrame,
  type TcpSegmentOptions,
} from './pcap-writer.js';
import type { SeedStream } from './seed-stream.js';

/**
 * A host as seen from the capture point. For hosts beyond the router, `mac` is the router's MAC
 * (the next hop) and `ttl` is what arrives after the hops.
 */
export interface NetHost {
  ip: string;
  mac: string;
  ttl?: number;
}

type TcpFields = Omit<TcpSegmentOptions, 'srcIp' | 'dstIp'>;

export interface PacketCapture {
  addUdp(timestampUs: number, from: NetHost, to: NetHost, ports: [number, number], payload: Buffer): void;
  addTcp(timestampUs: number, from: NetHost, to: NetHost, fields: TcpFields): void;
  addArpRequest(timestampUs: number, sender: NetHost, targetIp: string): void;
  addArpReply(timestampUs: number, sender: NetHost, target: NetHost): void;
  encode(): Buffer;
}

export function createPacketCapture(random: SeedStream): PacketCapture {
  const frames: CapturedFrame[] = [];
  const ipIds = new Map<string, number>();

  const nextIpId = (ip: string): number => {
    const id = ipIds.get(ip) ?? random.nextInt(0x10000);
    ipIds.set(ip, (id + 1) & 0xffff);
    return id;
  };

  const addIpv4 = (timestampUs: number, from: NetHost, to: NetHost, protocol: number, payload: Buffer): void => {
    const packet = buildIpv4Packet({
      srcIp: from.ip,
      dstIp: to.ip,
      protocol,
      identification: nextIpId(from.ip),
      ttl: from.ttl ?? 64,
      payload,
    });
    frames.push({ timestampUs, frame: buildEthernetFrame(to.mac, from.mac, ETHERTYPE_IPV4, packet) });
  };

  return {
    addUdp(timestampUs, from, to, [srcPort, dstPort], payload) {
      const datagram = buildUdpDatagram({ srcIp: from.ip, dstIp: to.ip, srcPort, dstPort, payload });
      addIpv4(timestampUs, from, to, IP_PROTOCOL_UDP, datagram);
    },
    addTcp(timestampUs, from, to, fields) {
      addIpv4(timestampUs, from, to, IP_PROTOCOL_TCP, buildTcpSegment({ ...fields, srcIp: from.ip, dstIp: to.ip }));
    },
    addArpRequest(timestampUs, sender, targetIp) {
      const arp = buildArpPacket('request', sender, { mac: '00:00:00:00:00:00', ip: targetIp });
      frames.push({ timestampUs, frame: buildEthernetFrame('ff:ff:ff:ff:ff:ff', sender.mac, ETHERTYPE_ARP, arp) });
    },
    addArpReply(timestampUs, sender, target) {
      const arp = buildArpPacket('reply', sender, target);
      frames.push({ timestampUs, frame: buildEthernetFrame(target.mac, sender.mac, ETHERTYPE_ARP, arp) });
    },
    encode: () => encodePcap(frames),
  };
}

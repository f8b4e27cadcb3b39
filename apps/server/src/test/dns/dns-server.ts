/**
 * A real DNS server on loopback UDP for tests: it answers questions from a zone given in
 * code: MX, A and TXT records (NXDOMAIN for a name it does not know, an empty answer for a type the name lacks), so the
 * code under test uses Node's own resolver against it, wire format and all.
 */
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

/** `txt`: each record as its character-strings (a long TXT record is split in strings of up to 255 bytes). */
export type Zone = Record<string, { mx?: Array<{ priority: number; exchange: string }>; a?: string[]; txt?: string[][] }>;

const TYPE_A = 1;
const TYPE_MX = 15;
const TYPE_TXT = 16;

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p, 'ascii')])), Buffer.from([0])]);
}

/** The question's name, type and where the question ends; null for a packet we do not read. */
function readQuestion(packet: Buffer): { name: string; type: number; end: number } | null {
  if (packet.length < 12 || packet.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < packet.length && packet[at]! !== 0) {
    const length = packet[at]!;
    if (length > 63) return null;
    labels.push(packet.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
  if (at + 5 > packet.length) return null;
  return { name: labels.join('.').toLowerCase(), type: packet.readUInt16BE(at + 1), end: at + 5 };
}

function answer(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

export function respond(packet: Buffer, zone: Zone): Buffer | null {
  const question = readQuestion(packet);
  if (!question) return null;
  const entry = zone[question.name];
  const answers: Buffer[] = [];
  if (entry && question.type === TYPE_MX) {
    for (const mx of entry.mx ?? []) {
      const pref = Buffer.alloc(2);
      pref.writeUInt16BE(mx.priority);
      answers.push(answer(TYPE_MX, Buffer.concat([pref, encodeName(mx.exchange)])));
    }
  }
  if (entry && question.type === TYPE_A) {
    for (const ip of entry.a ?? []) answers.push(answer(TYPE_A, Buffer.from(ip.split('.').map(Number))));
  }
  if (entry && question.type === TYPE_TXT) {
    for (const strings of entry.txt ?? []) answers.push(answer(TYPE_TXT, Buffer.concat(strings.map((s) => Buffer.concat([Buffer.from([Buffer.byteLength(s)]), Buffer.from(s)])))));
  }
  const header = Buffer.alloc(12);
  header.writeUInt16BE(packet.readUInt16BE(0), 0);
  // QR, AA, the client's RD, RA; RCODE 3 (NXDOMAIN) for an unknown name.
  header.writeUInt16BE(0x8400 | (packet.readUInt16BE(2) & 0x0100) | 0x0080 | (entry ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, packet.subarray(12, question.end), ...answers]);
}

export async function startDnsServer(zone: Zone) {
  const socket = dgram.createSocket('udp4');
  let queries = 0;
  socket.on('message', (packet, from) => {
    queries += 1;
    const reply = respond(packet, zone);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    /** For `VERIFY_DNS_SERVERS` / `dnsServers`. */
    server: `127.0.0.1:${port}`,
    get queries() {
      return queries;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** A loopback UDP port with nothing behind it: a DNS server that cannot be reached. */
export async function unreachableDnsServer(): Promise<string> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return `127.0.0.1:${port}`;
}

import { createSocket, type RemoteInfo } from 'node:dgram';
import dnsPacket, { type Answer, type Packet } from 'dns-packet';

/**
 * A loopback name server for custom-domain verification: real DNS over UDP, so the
 * server's own `node:dns` Resolver (DNS_SERVERS=127.0.0.1:{port}) reads TXT records from it.
 * It knows only the TXT records set on it: a known name answers them (NODATA for other types),
 * anything else is NXDOMAIN.
 */
export interface DnsStandIn {
  /** `127.0.0.1:{port}`, as DNS_SERVERS takes it. */
  address: string;
  port: number;
  /** Replaces the TXT records of a name; a record is one string or its character-string chunks. */
  setTxt(name: string, records: readonly (string | readonly string[])[]): void;
  /** Forgets one name's records, or every record. */
  clearTxt(name?: string): void;
  close(): Promise<void>;
}

const NXDOMAIN = 3;

/** `_shopfront.Shop.Example.` and `_shopfront.shop.example` are one name. */
const canonicalName = (name: string) => name.trim().replace(/\.$/, '').toLowerCase();

export async function startDnsStandIn(options: { port?: number } = {}): Promise<DnsStandIn> {
  const txt = new Map<string, string[][]>();
  const socket = createSocket('udp4');

  const answer = (query: Packet): Packet => {
    const answers: Answer[] = [];
    let known = true;
    for (const question of query.questions ?? []) {
      const records = txt.get(canonicalName(question.name));
      if (!records) known = false;
      else if (question.type === 'TXT') {
        for (const data of records) answers.push({ type: 'TXT', class: 'IN', name: question.name, ttl: 0, data });
      }
    }
    const flags = dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | (known ? 0 : NXDOMAIN);
    return { type: 'response', id: query.id ?? 0, flags, questions: query.questions ?? [], answers };
  };

  socket.on('message', (message: Buffer, from: RemoteInfo) => {
    let query: Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return; // not DNS: a real server drops it too
    }
    socket.send(dnsPacket.encode(answer(query)), from.port, from.address);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port ?? 0, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const { port } = socket.address();

  return {
    address: `127.0.0.1:${port}`,
    port,
    setTxt(name, records) {
      txt.set(canonicalName(name), records.map((record) => (typeof record === 'string' ? [record] : [...record])));
    },
    clearTxt(name) {
      if (name === undefined) txt.clear();
      else txt.delete(canonicalName(name));
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

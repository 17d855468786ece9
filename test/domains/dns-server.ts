import dgram from 'node:dgram';
import dns2 from 'dns2';

const { Packet } = dns2;
/** response codes of RFC 1035 §4.1.1 (dns2 has them at run time as Packet.RCODE, but not in its typings) */
const RCODE = { SERVFAIL: 2, NXDOMAIN: 3 } as const;

/** Records of one name in the test zone; a name missing from the zone answers NXDOMAIN. A CNAME excludes TXT records. */
export type ZoneEntry =
  | { txt: string[][]; cname?: undefined; servfail?: undefined }
  | { cname: string; txt?: undefined; servfail?: undefined }
  | { servfail: true; txt?: undefined; cname?: undefined };

/**
 * A real authoritative-style DNS server on 127.0.0.1 (UDP, random free port). A name in the
 * zone without a record of the asked type answers NOERROR with no answers (NODATA). A name with a
 * CNAME carries no other record (RFC 1034 §3.6.2): every query for it answers the CNAME, followed
 * by the target's records of the asked type when the target is in the zone.
 */
export async function startDnsServer() {
  const zone = new Map<string, ZoneEntry>();
  const queries: { name: string; type: number }[] = [];
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      queries.push({ name: question.name, type: question.type });
      // plain records: dns2 encodes them on send (its typings want Resource instances)
      const answer = (name: string, record: { type: number; data?: string[]; domain?: string }) =>
        response.answers.push({ name, class: Packet.CLASS.IN, ttl: 60, ...record } as unknown as (typeof response.answers)[number]);
      const entry = zone.get(question.name.toLowerCase());
      if (!entry) response.header.rcode = RCODE.NXDOMAIN;
      else if (entry.servfail) response.header.rcode = RCODE.SERVFAIL;
      else if (entry.cname) {
        answer(question.name, { type: Packet.TYPE.CNAME, domain: entry.cname });
        const target = zone.get(entry.cname.toLowerCase().replace(/\.$/, ''));
        if (question.type === Packet.TYPE.TXT) for (const data of target?.txt ?? []) answer(entry.cname, { type: Packet.TYPE.TXT, data });
      } else if (question.type === Packet.TYPE.TXT) {
        for (const data of entry.txt ?? []) answer(question.name, { type: Packet.TYPE.TXT, data });
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { port } = server.addresses().udp!;
  return { zone, queries, address: `127.0.0.1:${port}`, close: () => server.close() };
}

/** A bound UDP socket that reads queries and never answers: a DNS server that is down. */
export async function startSilentDnsServer() {
  let received = 0;
  const socket = dgram.createSocket('udp4');
  socket.on('message', () => received++);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

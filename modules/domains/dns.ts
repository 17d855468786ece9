import { Resolver } from 'node:dns/promises';
import { ApiError } from '../../core/errors';
import { LIMITS } from '../../core/plans';

/** What the DNS says about a custom domain's verification records. */
export interface DnsFindings {
  txt: boolean;
  cname: boolean;
  /** what each lookup returned, so that a failed verification can show what the DNS holds instead */
  answers: DnsAnswer[];
}

/**
 * One lookup's records, as the resolver returned them. Empty when the name does not exist or has
 * no record of the type: Bun's resolver reports NXDOMAIN and NODATA alike, so the two are not told apart.
 */
export interface DnsAnswer {
  type: 'TXT' | 'CNAME';
  name: string;
  records: string[];
}

/** NXDOMAIN (ENOTFOUND; also Bun's empty answer) and NODATA (ENODATA) mean "no such record". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

/** Fails at startup on a malformed DNS_SERVERS entry instead of at the first verification. */
export function assertDnsServers(servers: string[]) {
  if (servers.length) new Resolver().setServers(servers);
}

/**
 * The name the verification TXT record is placed at. Not the domain itself: a domain pointed at
 * us by CNAME can carry no other record (RFC 1034 §3.6.2), so its TXT lives at a name of its own.
 */
export const txtName = (domain: string) => `_linkhop.${domain}`;

/**
 * Looks up the TXT records at `_linkhop.<domain>` and at the domain itself (still accepted there
 * for apex domains, which have no CNAME), and the CNAME at the domain, through DNS_SERVERS (system resolvers when
 * empty). One resolver per call, because `cancel()` aborts every query of a resolver; our own
 * deadline, because Bun's resolver timeouts are coarse. Any lookup that neither answers nor
 * reports the record absent (SERVFAIL, REFUSED, timeout, unreachable) is a 502.
 */
export async function lookupVerification(servers: string[], domain: string, expectedTxt: string, cnameTarget: string): Promise<DnsFindings> {
  const resolver = new Resolver({ timeout: LIMITS.dnsTimeoutMs, tries: 1 });
  if (servers.length) resolver.setServers(servers);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      resolver.cancel();
      reject(Object.assign(new Error('DNS lookup timed out'), { code: 'ETIMEOUT' }));
    }, LIMITS.dnsTimeoutMs);
  });
  const absentAsEmpty = <T>(lookup: Promise<T[]>) =>
    lookup.catch((error: { code?: string }): T[] => {
      if (error.code && ABSENT.has(error.code)) return [];
      throw error;
    });
  try {
    const lookups = Promise.all([
      absentAsEmpty(resolver.resolveTxt(txtName(domain))),
      absentAsEmpty(resolver.resolveTxt(domain)),
      absentAsEmpty(resolver.resolveCname(domain)),
    ]);
    const [ownTxt, apexTxt, cname] = await Promise.race([lookups, deadline]);
    // a record of several character-strings means their concatenation (Node); Bun hands each
    // string over as a record of its own, which for our short value changes nothing
    const joined = (records: string[][]) => records.map((chunks) => chunks.join(''));
    const txt = [...joined(ownTxt), ...joined(apexTxt)];
    const target = normalizeName(cnameTarget);
    return {
      txt: txt.some((value) => value.trim() === expectedTxt),
      cname: cname.some((name) => normalizeName(name) === target),
      answers: [
        { type: 'TXT', name: txtName(domain), records: joined(ownTxt) },
        { type: 'TXT', name: domain, records: joined(apexTxt) },
        { type: 'CNAME', name: domain, records: cname },
      ],
    };
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unknown error';
    throw new ApiError(502, `DNS lookup failed for ${domain} (${code}); try again later`);
  } finally {
    clearTimeout(timer);
  }
}

const normalizeName = (name: string) => name.toLowerCase().replace(/\.$/, '');

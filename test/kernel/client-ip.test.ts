import { expect, test } from 'bun:test';
import { loadConfig } from '../../core/config';
import { ConfigError } from '../../core/errors';
import { clientIp } from '../../core/hosts';
import { LOCAL_PROXIES, TrustedProxies } from '../../core/trusted-proxies';

/** A socket peer as Bun's server reports it. */
const peer = (address: string) => ({ requestIP: () => ({ address }) });
const withForwarded = (forwarded?: string) => new Request('http://go.linkhop.test/abc', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });

const local = new TrustedProxies(LOCAL_PROXIES);
const listed = new TrustedProxies(['203.0.113.0/24', '2001:db8::/32', '198.51.100.9']);

test.each([
  // [case, proxies, socket peer, X-Forwarded-For, client IP]
  ['no trusted proxies: the peer, whatever the header says', undefined, '198.51.100.7', '8.8.8.8', '198.51.100.7'],
  ['a peer that is no proxy: its header is not read', local, '198.51.100.7', '8.8.8.8', '198.51.100.7'],
  ['a trusted proxy without the header: the proxy', local, '127.0.0.1', undefined, '127.0.0.1'],
  ['one proxy: the address it appended, not the forged one left of it', local, '127.0.0.1', '8.8.8.8, 198.51.100.7', '198.51.100.7'],
  ['two proxies: right-most untrusted', local, '10.0.0.2', '8.8.8.8, 198.51.100.7, 10.0.0.1', '198.51.100.7'],
  ['an IPv4-mapped IPv6 peer matches the IPv4 range', local, '::ffff:127.0.0.1', '198.51.100.7', '198.51.100.7'],
  ['an IPv6 loopback peer', local, '::1', '2001:db8::7', '2001:db8::7'],
  ['a ULA IPv6 proxy', local, 'fd00::1', '8.8.8.8, 2001:db8::7', '2001:db8::7'],
  ['listed CIDRs and addresses, IPv4 and IPv6', listed, '2001:db8::1', '8.8.8.8, 198.51.100.7, 198.51.100.9, 203.0.113.5', '198.51.100.7'],
  ['loopback is not trusted unless listed', listed, '127.0.0.1', '8.8.8.8', '127.0.0.1'],
  ['every hop trusted: the left-most', local, '127.0.0.1', '10.1.2.3, 10.0.0.1', '10.1.2.3'],
  ['an entry that is no address stops at the proxy that passed it on', local, '127.0.0.1', '8.8.8.8, unknown, 10.0.0.1', '10.0.0.1'],
  ['spaces and empty entries', local, '127.0.0.1', ' 8.8.8.8 ,198.51.100.7 ', '198.51.100.7'],
] as const)('%s', (_, proxies, address, forwarded, expected) => {
  expect(clientIp(withForwarded(forwarded), peer(address), proxies)).toBe(expected);
});

test('a closed socket (no peer address) is not a trusted proxy; an in-process request (no server) takes its caller at their word', () => {
  expect(clientIp(withForwarded('8.8.8.8'), { requestIP: () => null }, local)).toBe('');
  expect(clientIp(withForwarded('8.8.8.8'), undefined, local)).toBe('8.8.8.8');
  expect(clientIp(withForwarded('8.8.8.8'), undefined, undefined)).toBe('');
});

test('TRUST_PROXY=true trusts loopback and the private ranges; TRUSTED_PROXIES replaces that list; off by default', () => {
  expect(loadConfig({}).trustedProxies).toBeUndefined();
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustedProxies?.ranges).toEqual(LOCAL_PROXIES);
  const config = loadConfig({ TRUST_PROXY: 'true', TRUSTED_PROXIES: ' 10.1.0.0/16, fd12::/16 ' });
  expect(config.trustedProxies?.ranges).toEqual(['10.1.0.0/16', 'fd12::/16']);
  expect(config.trustedProxies?.has('10.1.2.3')).toBe(true);
  expect(config.trustedProxies?.has('10.2.0.1')).toBe(false);
  expect(config.trustedProxies?.has('127.0.0.1')).toBe(false);
});

test.each(['10.0.0.0/33', 'fd00::/129', 'example.com', '10.0.0.0/', '10.0.0.0/8/8', '10.0.0.0/x'])(
  'TRUSTED_PROXIES=%s is refused, naming the entry',
  (range) => {
    expect(() => loadConfig({ TRUSTED_PROXIES: range })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUSTED_PROXIES: range })).toThrow(`"${range}"`);
  },
);

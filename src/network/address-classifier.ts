import * as ipaddr from 'ipaddr.js';

/**
 * Ranges refused on top of anything ipaddr.js does not call `unicast`: the contract's list,
 * spelled out so a change in the library's tables cannot silently open one.
 */
const FORBIDDEN_IPV4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/3',
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

const FORBIDDEN_IPV6 = ['::/128', '::1/128', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8', '64:ff9b:1::/48', '100::/64', '2001:db8::/32'].map((cidr) =>
  ipaddr.IPv6.parseCIDR(cidr),
);

const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');

export const FORBIDDEN_HOST_NAMES = ['localhost', 'metadata.google.internal'];

/** IPv4 carried inside an IPv6 address (mapped, NAT64, 6to4), or null. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const bytes = address.toByteArray();
  if (address.match(NAT64)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.match(SIX_TO_FOUR)) return new ipaddr.IPv4(bytes.slice(2, 6));
  // IPv4-compatible (::a.b.c.d, deprecated) still routes to the IPv4 host on some stacks.
  if (bytes.slice(0, 12).every((byte) => byte === 0) && !bytes.slice(12).every((byte) => byte === 0)) {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  return null;
}

/** Why an IP literal may not be contacted, or null when it is an ordinary public unicast address. */
export function forbiddenAddressReason(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return 'not an IP address';
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const inner = embeddedIPv4(v6);
    if (inner) {
      const reason = forbiddenAddressReason(inner.toString());
      return reason ? `${reason} (inside ${ip})` : null;
    }
    const range = v6.range();
    if (range !== 'unicast') return `${range} address`;
    return FORBIDDEN_IPV6.some((cidr) => v6.match(cidr)) ? 'reserved address' : null;
  }
  const v4 = parsed as ipaddr.IPv4;
  const range = v4.range();
  if (range !== 'unicast') return `${range} address`;
  return FORBIDDEN_IPV4.some((cidr) => v4.match(cidr)) ? 'reserved address' : null;
}

/** Refusal by name, before any DNS: localhost and its subdomains, cloud metadata names. */
export function forbiddenHostNameReason(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback host name';
  if (FORBIDDEN_HOST_NAMES.includes(name)) return 'cloud metadata host name';
  return null;
}

/** `[::1]` → `::1`; anything else unchanged. */
export const unbracket = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

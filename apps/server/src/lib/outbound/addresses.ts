import ipaddr from 'ipaddr.js';

/**
 * Which addresses an outbound request may reach (docs/security.md "Outbound requests"). Only global unicast
 * addresses by default: loopback, "this network" (0/8), private (10/8, 172.16/12, 192.168/16), carrier-grade NAT
 * (100.64/10), link-local (169.254/16, fe80::/10), unique-local (fc00::/7), multicast, broadcast, reserved and
 * documentation ranges, and IPv6 forms that carry an IPv4 address (6to4, Teredo, NAT64) are refused. An
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it is.
 */
export interface AllowList {
  /** Host names (lower case) whose every address is allowed; `*.example.com` entries as suffixes `.example.com`. */
  hosts: ReadonlySet<string>;
  suffixes: readonly string[];
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /** The entries as written (logs, the refusal's hint). */
  entries: readonly string[];
}

export const emptyAllowList: AllowList = { hosts: new Set(), suffixes: [], ranges: [], entries: [] };

const HOSTNAME = /^(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/**
 * OUTBOUND_ALLOW: comma- or space-separated CIDRs (10.0.0.0/8, fd00::/8), addresses (127.0.0.1) and host names
 * (smtp.internal, *.corp.example). Throws with the first entry that is none of them.
 */
export function parseAllowList(value: string): AllowList {
  const entries = value.split(/[\s,]+/).filter(Boolean);
  const hosts = new Set<string>();
  const suffixes: string[] = [];
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const raw of entries) {
    const e = raw.replace(/^\[|\]$/g, '');
    if (e.includes('/')) {
      if (!ipaddr.isValidCIDR(e)) throw new Error(`"${raw}" is not a CIDR such as 10.0.0.0/8 or fd00::/8`);
      const [addr, bits] = ipaddr.parseCIDR(e);
      ranges.push(normalise(addr, bits));
    } else if (ipaddr.isValid(e)) {
      const addr = ipaddr.parse(e);
      ranges.push(normalise(addr, addr.kind() === 'ipv4' ? 32 : 128));
    } else if (HOSTNAME.test(e) && !/^\d+(\.\d+)*$/.test(e)) {
      const host = e.toLowerCase().replace(/\.$/, '');
      if (host.startsWith('*.')) suffixes.push(host.slice(1));
      else hosts.add(host);
    } else {
      throw new Error(`"${raw}" is neither a CIDR, an address nor a host name`);
    }
  }
  return { hosts, suffixes, ranges, entries };
}

/** An IPv4-mapped IPv6 range (::ffff:10.0.0.0/104) is kept as the IPv4 range it names. */
function normalise(addr: ipaddr.IPv4 | ipaddr.IPv6, bits: number): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) return [(addr as ipaddr.IPv6).toIPv4Address(), bits - 96];
  return [addr, bits];
}

/** The address in canonical form, IPv4-mapped IPv6 as IPv4; null when it is not an IP address. */
export function canonicalAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const a = address.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(a) ? ipaddr.process(a) : null;
}

/** Whether the address is global unicast (reachable on the Internet), the only kind allowed by default. */
export function isPublicAddress(addr: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return addr.range() === 'unicast';
}

export function hostAllowed(allow: AllowList, hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return allow.hosts.has(h) || allow.suffixes.some((s) => h.endsWith(s));
}

export function addressAllowed(allow: AllowList, addr: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (isPublicAddress(addr)) return true;
  return allow.ranges.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits));
}

/** The allow-list with more host names (a configured service's own host, e.g. the weather API's). */
export function withHosts(allow: AllowList, extra: readonly string[]): AllowList {
  return { ...allow, hosts: new Set([...allow.hosts, ...extra.map((h) => h.toLowerCase().replace(/^\[|\]$/g, ''))]) };
}

import ipaddr from 'ipaddr.js';

/**
 * The part of a client address that rate limits and throttles count by. An IPv4 address (also
 * written IPv4-mapped, `::ffff:1.2.3.4`) is itself; an IPv6 address is its /64 network, e.g.
 * `2001:db8:1:2::/64`: one subscriber usually gets a whole /64 and can pick a new address in it for
 * every request, so counting whole IPv6 addresses would let one machine dodge every limit.
 * Anything that is not an address (it cannot happen with a socket peer) is counted as given.
 */
export function addressKey(ip: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = new ipaddr.IPv6([...(parsed as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toRFC5952String()}/64`;
}

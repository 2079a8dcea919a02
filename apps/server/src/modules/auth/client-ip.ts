import ipaddr from 'ipaddr.js';

/**
 * The client address as stored with a session: normalised (IPv4-mapped IPv6 as its IPv4 address), or null
 * when it does not parse (a forged X-Forwarded-For behind TRUST_PROXY must not fail the sign-in).
 */
export function storedIp(ip: string | undefined): string | null {
  if (!ip || !ipaddr.isValid(ip)) return null;
  return ipaddr.process(ip).toString();
}

/**
 * What the account page shows: enough to tell home from elsewhere, not the exact address (a shared screen
 * or a screenshot does not give it away). IPv4 keeps its first three bytes, IPv6 its first 48 bits.
 */
export function maskedIp(ip: string | null): string | null {
  if (!ip || !ipaddr.isValid(ip)) return null;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return `${(addr as ipaddr.IPv4).octets.slice(0, 3).join('.')}.*`;
  return `${(addr as ipaddr.IPv6).parts
    .slice(0, 3)
    .map((p) => p.toString(16))
    .join(':')}:*`;
}

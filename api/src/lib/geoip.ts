/**
 * Country by IP: a small built-in table of IPv4 ranges. Loopback, private and unknown addresses give null
 * (the caller then uses the configured default country, env DEFAULT_COUNTRY_ISO).
 */

/** [first address, prefix length, ISO 3166-1 alpha-2]. */
const RANGES: [string, number, string][] = [
  ['77.88.0.0', 18, 'RU'], ['87.250.224.0', 19, 'RU'], ['95.108.128.0', 17, 'RU'], ['213.180.192.0', 19, 'RU'], ['5.255.192.0', 18, 'RU'],
  ['178.154.128.0', 17, 'RU'], ['93.158.128.0', 18, 'RU'], ['217.69.128.0', 20, 'RU'],
  ['178.120.0.0', 13, 'BY'], ['93.84.0.0', 16, 'BY'], ['86.57.0.0', 16, 'BY'],
  ['2.72.0.0', 13, 'KZ'], ['95.56.0.0', 14, 'KZ'], ['37.150.0.0', 15, 'KZ'],
  ['114.114.114.0', 24, 'CN'], ['223.5.5.0', 24, 'CN'], ['180.76.0.0', 16, 'CN'], ['220.181.0.0', 16, 'CN'], ['111.13.0.0', 16, 'CN'],
  ['85.214.0.0', 15, 'DE'], ['46.4.0.0', 16, 'DE'], ['78.46.0.0', 15, 'DE'],
  ['8.8.8.0', 24, 'US'], ['8.8.4.0', 24, 'US'], ['4.2.2.0', 24, 'US'],
  ['81.2.69.0', 24, 'GB'], ['212.58.224.0', 19, 'GB'],
  ['133.242.0.0', 16, 'JP'], ['1.201.0.0', 16, 'KR'], ['103.21.244.0', 22, 'IN'], ['84.17.32.0', 19, 'NL'],
];

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

const TABLE = RANGES.map(([start, bits, iso]) => {
  const base = ipv4ToInt(start) ?? 0;
  const size = 2 ** (32 - bits);
  return { from: base, to: base + size - 1, iso };
});

/** ISO country code of an address, or null for loopback/private/unknown. Accepts IPv4 and IPv4-mapped IPv6. */
export function countryOfIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const n = ipv4ToInt(v4);
  if (n === null) return null;
  return TABLE.find((r) => n >= r.from && n <= r.to)?.iso ?? null;
}

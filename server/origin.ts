/**
 * What a setting may name as an origin (HOST_ORIGIN, SIGN_TARGET_ORIGIN, CSP_CONNECT_SRC,
 * CSP_FRAME_ANCESTORS, the page's `window.hostOrigin`): `http(s)://host[:port]` exactly, with a
 * literal host — a DNS name of letters, digits and hyphens (IDNs as punycode), an IPv4 address or
 * a bracketed IPv6 one. WHATWG URLs accept `*`, `;`, `,` and quotes in a host, and each would
 * change a CSP source list (`https://*`, `https://a.example;sandbox`), so they are refused here.
 */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function isLiteralHost(hostname: string): boolean {
  if (hostname.startsWith('[')) return /^\[[0-9a-f:.]+\]$/.test(hostname);
  return hostname.length <= 253 && hostname.split('.').every((label) => LABEL.test(label));
}

/** Whether `value` is exactly an http(s) origin with a literal host (no path, no wildcard). */
export function isLiteralOrigin(value: string): boolean {
  const url = URL.parse(value);
  return (
    url !== null &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.origin === value &&
    isLiteralHost(url.hostname)
  );
}

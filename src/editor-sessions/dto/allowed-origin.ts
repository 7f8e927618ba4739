/**
 * An origin a customer may frame the embed from (§23): `https://host[:port]`, or `http://localhost[:port]`
 * for development. Refused: `*` and `null`, any path, query, fragment or trailing slash, credentials,
 * ports outside 1–65535, and `http:` elsewhere. Returns the origin as browsers send it (lower case,
 * punycode, default port dropped), which is safe to place in a CSP header; or the reason it is refused.
 */
export function parseAllowedOrigin(text: string): { origin: string } | { reason: string } {
  if (text === '*' || text.toLowerCase() === 'null') return { reason: 'must name one origin (`*` and `null` are refused)' };
  if (text.includes('*')) return { reason: 'must not contain wildcards' };
  const shape = /^(https?):\/\/([^/?#\\\s]+)$/i.exec(text);
  if (!shape) return { reason: 'must be scheme://host[:port], with no path, query or trailing slash' };
  if (shape[2].includes('@')) return { reason: 'must not contain credentials' };
  const port = /:(\d*)$/.exec(shape[2].replace(/^\[[^\]]*\]/, ''));
  if (port && (port[1] === '' || Number(port[1]) < 1 || Number(port[1]) > 65535)) return { reason: 'port must be 1–65535' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { reason: 'is not a valid origin' };
  }
  if (url.protocol === 'http:' && url.hostname !== 'localhost') return { reason: 'must use https (http only for localhost)' };
  // What reaches the CSP header: nothing that could end or extend the directive.
  if (!/^https?:\/\/[a-z0-9.\-[\]:]+$/.test(url.origin)) return { reason: 'is not a valid origin' };
  return { origin: url.origin };
}

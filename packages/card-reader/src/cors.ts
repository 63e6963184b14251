import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Which web pages may call the helper. Default: any page served from this computer
 * (http(s)://localhost, 127.0.0.1, [::1], any port). A deployed Gatehouse adds its origin
 * (CARD_READER_ORIGINS=https://gatehouse.example.com,...); '*' allows every origin.
 */
export function originAllowed(origin: string, allowed: string[]): boolean {
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

/**
 * Sets the CORS headers for an allowed origin and answers preflights, including Chrome's
 * Private Network Access preflight (a public page calling 127.0.0.1). Answers false when the
 * request must go no further (preflight answered, or an origin that is not allowed).
 */
export function cors(req: IncomingMessage, res: ServerResponse, allowed: string[]): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (!originAllowed(origin, allowed)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end(`origin ${origin} is not allowed (set CARD_READER_ORIGINS)`);
      return false;
    }
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('vary', 'Origin');
    res.setHeader('access-control-allow-private-network', 'true');
  }
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-methods', 'GET, OPTIONS');
    const asked = req.headers['access-control-request-headers'];
    if (asked) res.setHeader('access-control-allow-headers', asked);
    res.setHeader('access-control-max-age', '600');
    res.writeHead(204).end();
    return false;
  }
  return true;
}

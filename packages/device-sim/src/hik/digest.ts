import crypto from 'node:crypto';
import type http from 'node:http';
import { DIGEST } from 'http-auth-utils';
import { err } from './answers.ts';

/** The terminal's login: HTTP digest (RFC 2617, qop=auth, MD5) as the terminals do it, with the nonces it gave out. */
export class DigestGate {
  private readonly nonces = new Set<string>();
  constructor(
    private readonly realm: string,
    private readonly username: string,
    private readonly password: string,
  ) {}

  authorized(req: http.IncomingMessage): boolean {
    const { realm, username, password, nonces } = this;
    const h = req.headers.authorization;
    if (!h?.startsWith('Digest ')) return false;
    let a: ReturnType<typeof DIGEST.parseAuthorizationRest>;
    try {
      a = DIGEST.parseAuthorizationRest(h.slice(7));
    } catch {
      return false;
    }
    if (!nonces.has(a.nonce) || a.username !== username) return false;
    const expected = DIGEST.computeHash({
      algorithm: 'md5',
      method: req.method ?? 'GET',
      uri: a.uri,
      realm, // the realm this terminal checks against (wrongRealm: not the one it challenged with)
      username,
      password,
      nonce: a.nonce,
      nc: a.nc ?? '',
      cnonce: a.cnonce ?? '',
      qop: a.qop ?? '',
    });
    return expected === a.response;
  }

  /** A 401 with a fresh nonce; `wrongRealm`: challenges with a realm other than the one it checks. */
  challenge(res: http.ServerResponse, wrongRealm: boolean): void {
    const { realm, nonces } = this;
    const nonce = crypto.randomBytes(16).toString('hex');
    nonces.add(nonce);
    if (nonces.size > 1000) nonces.delete(nonces.values().next().value as string);
    const shown = wrongRealm ? `${realm}-other` : realm;
    res.writeHead(401, {
      'www-authenticate': `Digest ${DIGEST.buildWWWAuthenticateRest({ realm: shown, qop: 'auth', nonce, opaque: '' })}`,
      'content-type': 'application/json',
    });
    res.end(JSON.stringify(err(4, 'Invalid Operation', 'unAuthorized')));
  }
}

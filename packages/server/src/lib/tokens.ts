import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens are short HS256 JWTs that name a server-side session (`sid`), so logout and password
 * reset can revoke them at once. Other token kinds (`typ`) cannot be used as access tokens.
 *
 * Signing and verifying use node:crypto's HMAC directly: it is synchronous and about ten times cheaper
 * than WebCrypto-based libraries, and verification runs on every authenticated request (see
 * `npm run bench`). Only HS256 with our own secret is ever accepted.
 */
export type TokenType = 'access' | 'password_reset';

export interface TokenClaims {
  sub: string;
  sid: string;
  typ: TokenType;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export class TokenService {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(secret, 'utf8');
  }

  private mac(input: string): Buffer {
    return createHmac('sha256', this.key).update(input).digest();
  }

  sign(claims: TokenClaims, expiresInSeconds: number): string {
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      sub: claims.sub,
      sid: claims.sid,
      typ: claims.typ,
      iat: now,
      exp: now + expiresInSeconds,
    };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** The claims when the token is well-formed, correctly signed, unexpired and of `type`; else null. */
  verify(token: string, type: TokenType): TokenClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = this.mac(`${header}.${payload}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
      if (head.alg !== 'HS256') return null;
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      const now = Math.floor(Date.now() / 1000);
      if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
      if (typeof claims.nbf === 'number' && claims.nbf > now) return null;
      if (claims.typ !== type || typeof claims.sub !== 'string' || typeof claims.sid !== 'string')
        return null;
      return { sub: claims.sub, sid: claims.sid, typ: type };
    } catch {
      return null;
    }
  }
}

export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

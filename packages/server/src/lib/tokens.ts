import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens are short HS256 JWTs that name a server-side session (`sid`), so logout and password
 * reset can revoke them at once. Other token kinds (`typ`) cannot be used as access tokens.
 *
 * Signing and verifying use node:crypto's HMAC directly: it is synchronous and about ten times cheaper
 * than WebCrypto-based libraries, and verification runs on every authenticated request (see
 * `npm run bench`). Only HS256 with our own secret is ever accepted.
 *
 * A token that verified once is remembered by its exact text (decision 039): a signed token's claims
 * never change, so the HMAC and the JSON decoding run once per token instead of once per request; only
 * the expiry is checked again on every use. Whether its session is still valid is not remembered here
 * (the guard asks the session cache, which notifications keep exact). Failures are not remembered, so
 * invalid tokens cannot fill the memo.
 */
export type TokenType = 'access' | 'password_reset';

export interface TokenClaims {
  sub: string;
  sid: string;
  typ: TokenType;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** Tokens remembered at most (the oldest is forgotten first): a few MB. */
const VERIFIED_MAX = 20_000;

interface Verified {
  claims: TokenClaims;
  /** Epoch seconds. */
  exp: number;
  nbf: number;
}

export class TokenService {
  private readonly key: Buffer;
  private readonly verified = new Map<string, Verified>();

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
    const known = this.verified.get(token) ?? this.checkSignature(token);
    if (!known) return null;
    const now = Math.floor(Date.now() / 1000);
    if (known.exp <= now || known.nbf > now || known.claims.typ !== type) return null;
    return known.claims;
  }

  /** Decodes a correctly signed HS256 token with well-formed claims, and remembers it. */
  private checkSignature(token: string): Verified | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    // Compared as text, in its one canonical base64url form: decoding skips characters outside the
    // alphabet ("!!", "="), so other spellings of the same bytes passed, each a new memo entry.
    const expected = Buffer.from(this.mac(`${header}.${payload}`).toString('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
      if (head.alg !== 'HS256') return null;
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      const { exp, nbf = 0, typ, sub, sid } = claims;
      if (typeof exp !== 'number' || typeof nbf !== 'number') return null;
      if (
        (typ !== 'access' && typ !== 'password_reset') ||
        typeof sub !== 'string' ||
        typeof sid !== 'string'
      )
        return null;
      const known: Verified = { claims: { sub, sid, typ }, exp, nbf };
      if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, known);
      return known;
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

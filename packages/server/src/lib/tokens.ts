import { SignJWT, jwtVerify } from 'jose';

/**
 * Access tokens are short JWTs that name a server-side session (`sid`), so logout and password reset
 * can revoke them at once. Other token kinds (`typ`) cannot be used as access tokens.
 */
export type TokenType = 'access' | 'password_reset';

export interface TokenClaims {
  sub: string;
  sid: string;
  typ: TokenType;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, expiresInSeconds: number): Promise<string> {
    return new SignJWT({ sid: claims.sid, typ: claims.typ })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(this.key);
  }

  /** The claims when the token is well-formed, correctly signed, unexpired and of `type`; else null. */
  async verify(token: string, type: TokenType): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.typ !== type || typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
        return null;
      return { sub: payload.sub, sid: payload.sid, typ: type };
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

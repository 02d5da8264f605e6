import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { TokenService } from './tokens.ts';

const SECRET = 'x'.repeat(48);
const tokens = new TokenService(SECRET);
const claims = { sub: 'user-1', sid: 'session-1', typ: 'access' as const };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('TokenService', () => {
  it('round-trips its own tokens, readable as standard JWTs', () => {
    const token = tokens.sign(claims, 60);
    expect(tokens.verify(token, 'access')).toEqual(claims);
    expect(decodeJwt(token)).toMatchObject({ sub: 'user-1', sid: 'session-1', typ: 'access' });
  });

  it('accepts an HS256 token made by another implementation with the same secret', async () => {
    const token = await new SignJWT({ sid: 'session-1', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(SECRET));
    expect(tokens.verify(token, 'access')).toEqual(claims);
  });

  it('refuses the wrong type, an expired token, a tampered payload, another secret, alg none and garbage', () => {
    expect(tokens.verify(tokens.sign(claims, 60), 'password_reset')).toBeNull();
    expect(tokens.verify(tokens.sign(claims, -1), 'access')).toBeNull();
    const [header, , signature] = tokens.sign(claims, 60).split('.');
    const forged = `${header}.${b64({ ...claims, sub: 'admin', exp: 9_999_999_999 })}.${signature}`;
    expect(tokens.verify(forged, 'access')).toBeNull();
    expect(new TokenService('y'.repeat(48)).verify(tokens.sign(claims, 60), 'access')).toBeNull();
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: 9_999_999_999 })}.`;
    expect(tokens.verify(none, 'access')).toBeNull();
    expect(tokens.verify('not.a.jwt', 'access')).toBeNull();
    expect(tokens.verify('', 'access')).toBeNull();
  });

  it('accepts its signature in its one base64url spelling only (a reviewer: "!!" or "=" passed)', () => {
    const token = tokens.sign(claims, 60);
    const signature = token.split('.')[2]!;
    const body = token.slice(0, -signature.length);
    // Characters outside the alphabet, padding, and the last character with other unused low bits
    // (32 bytes are 43 characters: the last one carries 4 bits of the MAC and 2 that decoding drops).
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const value = ALPHABET.indexOf(signature.at(-1)!);
    const sameBytes = [0, 1, 2, 3]
      .map((low) => ALPHABET[(value & ~3) | low]!)
      .filter((char) => char !== signature.at(-1));
    const respelled = [
      `${token}!!`,
      `${token}=`,
      `${body}${signature.slice(0, 10)}!${signature.slice(10)}`,
      ...sameBytes.map((char) => `${body}${signature.slice(0, -1)}${char}`),
    ];
    for (const other of respelled) expect(tokens.verify(other, 'access'), other).toBeNull();
    expect(tokens.verify(token, 'access')).toEqual(claims);
  });

  describe('a token that verified once (remembered by its text)', () => {
    afterEach(() => vi.useRealTimers());

    it('is still refused once it expires, and for the other type', () => {
      vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
      const token = tokens.sign(claims, 60);
      expect(tokens.verify(token, 'access')).toEqual(claims);
      expect(tokens.verify(token, 'password_reset')).toBeNull();
      vi.setSystemTime(new Date('2030-01-01T00:00:59Z'));
      expect(tokens.verify(token, 'access')).toEqual(claims);
      vi.setSystemTime(new Date('2030-01-01T00:01:00Z'));
      expect(tokens.verify(token, 'access')).toBeNull();
    });

    it('does not make a forged token with the same claims valid', () => {
      const token = tokens.sign(claims, 60);
      expect(tokens.verify(token, 'access')).toEqual(claims);
      const [header, payload] = token.split('.');
      expect(tokens.verify(`${header}.${payload}.${'A'.repeat(43)}`, 'access')).toBeNull();
    });
  });
});

import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@app/shared';

/** One-time secrets sent by e-mail. Only their hashes are stored, so a database leak reveals none. */

/** 256 random bits, URL-safe: the e-mail verification link token. */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A uniformly random 6-digit code (crypto.randomInt, leading zeros kept). */
export const newResetCode = (): string =>
  String(randomInt(0, 10 ** LIMITS.resetCodeLength)).padStart(LIMITS.resetCodeLength, '0');

/**
 * A 6-digit code has only a million values, so a plain hash would fall to brute force; it is keyed
 * with the server secret and bound to its reset request.
 */
export const hashResetCode = (secret: string, resetId: string, code: string): string =>
  createHmac('sha256', secret).update(`${resetId}:${code}`).digest('hex');

/**
 * What a reset request keeps of the address it was asked for (decision 131): an HMAC of the address as
 * the schema normalised it (trimmed, lower case), so requests for one address can be found and counted
 * together, known account or not, without storing the address itself (only a row with an account names
 * one, through its user id).
 */
export const resetEmailKey = (secret: string, email: string): string =>
  createHmac('sha256', secret).update(`password-reset-address:${email}`).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

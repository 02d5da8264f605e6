import { isReturnAfterSignup } from '@app/shared';
import { nextAfterVerification } from '../../../lib/session.ts';

/**
 * The `next` a sign-up or a new verification link sends (decision 200), for the server to put in the
 * link: the course `next` names, if it names one; nothing for any other page, which the server would
 * refuse (`isReturnAfterSignup` of @app/shared, the server's rule) and which this browser keeps instead.
 */
export const leadingBackTo = (next: string | null | undefined): { next?: string } =>
  isReturnAfterSignup(next) ? { next } : {};

/**
 * Where a new account goes once its e-mail is verified: the course the verification link carries
 * (`?next=` of `search`, decision 200), followed only if it names one, so a mail opened on another
 * device still leads back to it; else what the sign-up kept on this device.
 */
export function returnAfterVerification(search: string): string | null {
  const carried = new URLSearchParams(search).get('next');
  return isReturnAfterSignup(carried) ? carried : nextAfterVerification();
}

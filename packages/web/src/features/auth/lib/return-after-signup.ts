import { isReturnAfterSignup } from '@app/shared';

/**
 * The `next` a sign-up or a new verification link sends (decision 200), for the server to put in the
 * link: the course `next` names, if it names one; nothing for any other page, which the server would
 * refuse (`isReturnAfterSignup` of @app/shared, the server's rule) and which this browser keeps instead.
 */
export const leadingBackTo = (next: string | null | undefined): { next?: string } =>
  isReturnAfterSignup(next) ? { next } : {};

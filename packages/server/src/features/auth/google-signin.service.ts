import type { FastifyInstance } from 'fastify';
import type { Language, SignupRole } from '@app/shared';
import { AppError } from '../../lib/errors.ts';
import { common } from '../../lib/common.messages.ts';
import { authMessages } from './auth.messages.ts';
import {
  findUserByEmail,
  findUserByGoogleSub,
  insertUserIfNew,
  updateUser,
  type UserRow,
} from './auth.repository.ts';
import type { AuthService, SignedIn } from './auth.service.ts';
import type { GoogleIdentity, GoogleSignIn } from './google.client.ts';

/**
 * Signs in with a Google authorization code: the account with this Google subject, else the one with
 * this (Google-verified) e-mail is linked, else a new one is created with the requested signup role.
 */
export function googleSignInService(app: FastifyInstance, google: GoogleSignIn, auth: AuthService) {
  async function signInWithGoogle(
    code: string | null,
    role: SignupRole,
    requestLang: Language,
  ): Promise<SignedIn> {
    if (!google.enabled) throw new AppError(404, 'GOOGLE_SIGNIN_DISABLED', authMessages.googleDisabled);
    if (!code) throw new AppError(400, 'GOOGLE_SIGNIN_FAILED', authMessages.googleFailed);
    const identity = await google.exchange(code);
    // Linking by e-mail is only safe when Google vouches for the address.
    if (!identity.emailVerified)
      throw new AppError(403, 'GOOGLE_EMAIL_UNVERIFIED', authMessages.googleEmailUnverified);

    const user = await app.db.transaction(async (tx) => {
      const existing =
        (await findUserByGoogleSub(tx, identity.sub)) ?? (await findUserByEmail(tx, identity.email, true));
      if (existing) return link(tx, existing, identity);
      const created = await insertUserIfNew(tx, {
        email: identity.email,
        firstname: identity.givenName ?? identity.name ?? identity.email.split('@')[0]!,
        lastname: identity.familyName ?? '',
        role,
        passwordHash: null,
        googleSub: identity.sub,
        emailVerifiedAt: new Date(),
        preferredLanguage: requestLang,
      });
      // A concurrent signup took the address between the lookup and the insert: link to it instead.
      return created ?? link(tx, (await findUserByEmail(tx, identity.email, true))!, identity);
    });
    if (!user.isActive) throw new AppError(403, 'ACCOUNT_INACTIVE', common.accountInactive);
    return auth.signIn(user);
  }

  /**
   * An account that was never verified may have been registered by someone who does not own the
   * address; its password is cleared so only the Google owner (or a later password reset) gets in.
   */
  function link(tx: Parameters<typeof updateUser>[0], user: UserRow, identity: GoogleIdentity) {
    return updateUser(tx, user.id, {
      googleSub: identity.sub,
      ...(user.emailVerifiedAt ? {} : { passwordHash: null, emailVerifiedAt: new Date() }),
    });
  }

  return { signInWithGoogle };
}

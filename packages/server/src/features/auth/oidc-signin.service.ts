import type { FastifyInstance } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { SIGNUP_ROLES, type Language, type SignupRole } from '@app/shared';
import { AppError } from '../../lib/errors.ts';
import { common } from '../../lib/common.messages.ts';
import { authMessages } from './auth.messages.ts';
import {
  findUserByEmail,
  findUserBySubject,
  insertUserIfNew,
  subjectColumn,
  updateUser,
  type UserRow,
} from './auth.repository.ts';
import type { AuthService, SignedIn } from './auth.service.ts';
import { capped, type OidcClient, type OidcIdentity, type OidcProviderId } from './oidc.client.ts';

/** How long the browser may take to ask for an e-mail address after the provider sent it back. */
const TICKET_TTL = '15m';
const TICKET_AUDIENCE = 'oidc-email-ticket';

export type OidcSignInResult =
  | { signedIn: SignedIn }
  /** The provider shared no e-mail (ORCID): the browser asks for one, then posts it with the ticket. */
  | { emailRequired: { ticket: string } };

type Tx = Parameters<typeof updateUser>[0];

const isProvider = (value: unknown): value is OidcProviderId => value === 'google' || value === 'orcid';
const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'ar';
const isSignupRole = (value: unknown): value is SignupRole =>
  (SIGNUP_ROLES as readonly unknown[]).includes(value);

/**
 * Sign-in with any configured OpenID provider. The account linked to the provider's subject signs in;
 * else the one with the provider-verified e-mail is linked; else a new one is created with the signup
 * role. A provider that shares no e-mail (ORCID) leads to an e-mail step that goes through our own
 * verification link (decision 028).
 */
export function oidcSignInService(app: FastifyInstance, auth: AuthService) {
  const ticketKey = new TextEncoder().encode(app.env.JWT_SECRET);

  async function signIn(
    client: OidcClient,
    code: string | null,
    role: SignupRole,
    requestLang: Language,
  ): Promise<OidcSignInResult> {
    const provider = client.settings.id;
    if (!client.enabled) throw client.error(404, 'SIGNIN_DISABLED', authMessages.oidcDisabled);
    if (!code) throw client.error(400, 'SIGNIN_FAILED', authMessages.oidcFailed);
    const identity = await client.exchange(code);

    const linked = await app.db.transaction((tx) => findUserBySubject(tx, provider, identity.sub));
    if (linked) return { signedIn: await signInChecked(linked) };
    if (!identity.email)
      return { emailRequired: { ticket: await ticketFor(provider, identity, role, requestLang) } };
    // Linking by e-mail is only safe when the provider vouches for the address.
    if (!identity.emailVerified)
      throw client.error(403, 'EMAIL_UNVERIFIED', authMessages.oidcEmailUnverified);
    const email = identity.email;

    const user = await app.db.transaction(async (tx) => {
      const existing =
        (await findUserBySubject(tx, provider, identity.sub)) ?? (await findUserByEmail(tx, email, true));
      if (existing) return link(tx, existing, provider, identity.sub);
      const created = await insertUserIfNew(tx, {
        ...newAccount(provider, identity, role, requestLang),
        email,
        emailVerifiedAt: new Date(),
      });
      // A concurrent signup took the address between the lookup and the insert: link to it instead.
      return created ?? link(tx, (await findUserByEmail(tx, email, true))!, provider, identity.sub);
    });
    return { signedIn: await signInChecked(user) };
  }

  /**
   * The e-mail step: the address is checked the usual way (our verification link), so the account is
   * created unverified, linked to the provider's subject; the link makes it usable. An existing account
   * with that address, verified or not, is never changed from here: as with a password signup
   * (decision 016) the caller gets the same answer and the address's owner is told by mail.
   */
  async function provideEmail(ticket: string, email: string): Promise<void> {
    const pending = await readTicket(ticket);
    await app.db.transaction(async (tx) => {
      if (await findUserBySubject(tx, pending.provider, pending.identity.sub))
        throw new AppError(409, 'CONFLICT', authMessages.oidcAccountExists, {
          provider: pending.provider === 'orcid' ? 'ORCID' : 'Google',
        });
      const details = newAccount(pending.provider, pending.identity, pending.role, pending.lang);
      const row = await insertUserIfNew(tx, { ...details, email });
      if (row) return auth.sendVerification(tx, row);
      const owner = await findUserByEmail(tx, email);
      if (owner) await auth.sendSignupAttemptNotice(tx, owner);
    });
    app.outbox.kick();
  }

  async function signInChecked(user: UserRow): Promise<SignedIn> {
    if (!user.emailVerifiedAt) throw new AppError(403, 'EMAIL_NOT_VERIFIED', authMessages.emailNotVerified);
    if (!user.isActive) throw new AppError(403, 'ACCOUNT_INACTIVE', common.accountInactive);
    return auth.signIn(user);
  }

  /**
   * An account that was never verified may have been registered by someone who does not own the
   * address; its password is cleared so only the provider's account owner (or a later reset) gets in.
   */
  async function link(tx: Tx, user: UserRow, provider: OidcProviderId, sub: string): Promise<UserRow> {
    const linked = await updateUser(tx, user.id, {
      [subjectColumn[provider]]: sub,
      ...(user.emailVerifiedAt ? {} : { passwordHash: null, emailVerifiedAt: new Date() }),
    });
    return linked!; // the row was read in this same transaction; accounts are deactivated, never deleted
  }

  function newAccount(provider: OidcProviderId, identity: OidcIdentity, role: SignupRole, lang: Language) {
    return {
      // Names arrive capped (oidc.client.ts); an address's local part or the subject may be longer.
      firstname: capped(identity.givenName ?? identity.name ?? identity.email?.split('@')[0] ?? identity.sub),
      lastname: capped(identity.familyName ?? ''),
      role,
      passwordHash: null,
      [subjectColumn[provider]]: identity.sub,
      preferredLanguage: lang,
    };
  }

  /** A short-lived, signed note of who the provider said this is (no e-mail yet), for the e-mail step. */
  function ticketFor(provider: OidcProviderId, identity: OidcIdentity, role: SignupRole, lang: Language) {
    return new SignJWT({ provider, identity, role, lang })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(TICKET_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(TICKET_TTL)
      .sign(ticketKey);
  }

  async function readTicket(ticket: string) {
    try {
      const { payload } = await jwtVerify(ticket, ticketKey, {
        audience: TICKET_AUDIENCE,
        algorithms: ['HS256'],
      });
      const { provider, identity, role, lang } = payload as Record<string, unknown>;
      if (
        isProvider(provider) &&
        typeof (identity as OidcIdentity | undefined)?.sub === 'string' &&
        isSignupRole(role) &&
        isLanguage(lang)
      )
        return { provider, identity: identity as OidcIdentity, role, lang };
    } catch {
      // Expired, altered or foreign: the same answer below.
    }
    throw new AppError(400, 'OIDC_TICKET_INVALID', authMessages.oidcTicketInvalid);
  }

  return { signIn, provideEmail };
}

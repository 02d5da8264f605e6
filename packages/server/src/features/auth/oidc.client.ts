import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import { emailSchema, LIMITS, oneLine, withoutControls } from '@app/shared';
import { AppError } from '../../lib/errors.ts';
import { authMessages } from './auth.messages.ts';

export const OIDC_PROVIDERS = ['google', 'orcid'] as const;
export type OidcProviderId = (typeof OIDC_PROVIDERS)[number];

/** One OpenID Connect provider, as configured by environment variables. */
export interface OidcProviderSettings {
  id: OidcProviderId;
  /** Its name in messages and logs. */
  name: string;
  issuer: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** What the browser asks for; ORCID has no `email` scope (its ID token never carries one). */
  scope: string;
}

export function oidcProviderSettings(
  env: Pick<
    Env,
    | 'GOOGLE_ISSUER'
    | 'GOOGLE_CLIENT_ID'
    | 'GOOGLE_CLIENT_SECRET'
    | 'ORCID_ISSUER'
    | 'ORCID_CLIENT_ID'
    | 'ORCID_CLIENT_SECRET'
  >,
): Record<OidcProviderId, OidcProviderSettings> {
  return {
    google: {
      id: 'google',
      name: 'Google',
      issuer: env.GOOGLE_ISSUER,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      scope: 'openid email profile',
    },
    orcid: {
      id: 'orcid',
      name: 'ORCID',
      issuer: env.ORCID_ISSUER,
      clientId: env.ORCID_CLIENT_ID,
      clientSecret: env.ORCID_CLIENT_SECRET,
      scope: 'openid',
    },
  };
}

/** What a verified ID token (or, failing that, the userinfo endpoint) says about the person. */
export interface OidcIdentity {
  sub: string;
  /** Null when the provider does not share one (ORCID). */
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

/**
 * A subject we can keep: OpenID Connect Core §2 allows at most 255 ASCII characters; controls (a NUL
 * failed the statement that looks the subject up, a 500) and anything else are refused.
 */
const USABLE_SUBJECT = /^[\x20-\x7E]{1,255}$/;
/**
 * What an address we take from a provider may hold: printable ASCII, no space. Anything else is
 * refused, never cleaned: a control character, a no-break or zero-width space (which `trim` would
 * drop), the Kelvin sign (which `toLowerCase` turns into a "k"), each made someone else's address:
 * `a\u0000@x.org` was `a@x.org`, and `\u212Aate@x.org` would be `kate@x.org` (a reviewer).
 */
const PLAIN_ADDRESS = /^[\x21-\x7E]+$/;

/**
 * The address a provider sent, if it is plain ASCII and passes signup's rule (`emailSchema`: at most
 * 254 characters, an address) changed by nothing but ASCII case; lower-cased; otherwise none.
 */
export function usableEmail(value: unknown): string | null {
  if (typeof value !== 'string' || !PLAIN_ADDRESS.test(value)) return null;
  const parsed = emailSchema.safeParse(value);
  return parsed.success && parsed.data === value.toLowerCase() ? parsed.data : null;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/**
 * `value` cut to at most `max` UTF-16 units (what signup's `max()` counts) between two letters with their
 * marks, or, for one letter longer than that, between two code points: a surrogate pair is never split.
 */
export function capped(value: string, max: number = LIMITS.nameMax): string {
  if (value.length <= max) return value;
  let end = 0;
  for (const { segment } of graphemes.segment(value)) {
    if (end + segment.length > max) break;
    end += segment.length;
  }
  if (end === 0)
    for (const point of value) {
      if (end + point.length > max) break;
      end += point.length;
    }
  return value.slice(0, end).trimEnd();
}

/** Discovery and token calls give up after this many seconds, so a slow provider cannot pile up requests. */
const HTTP_TIMEOUT_SECONDS = 10;
/** After a failed discovery, requests fail fast for this long instead of each waiting on the provider. */
const DISCOVERY_RETRY_MS = 30_000;

/**
 * Sign-in with one OpenID Connect provider (authorization-code flow). The browser obtains the code; the
 * server exchanges it here with the client secret, and openid-client verifies the ID token's signature,
 * issuer, audience and expiry. Issuers are configurable so tests run against a local provider.
 */
export class OidcClient {
  private discovered: Promise<oidc.Configuration> | undefined;
  private discoveryFailedAt = -Infinity;

  constructor(
    readonly settings: OidcProviderSettings,
    private readonly appUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return Boolean(this.settings.clientId && this.settings.clientSecret);
  }

  get clientId(): string | null {
    return this.settings.clientId ?? null;
  }

  /** Must be byte-identical in the browser's authorization request and in the code exchange. */
  get redirectUri(): string {
    return `${this.appUrl}/auth/${this.settings.id}/callback`;
  }

  /** An AppError with this provider's code prefix (GOOGLE_SIGNIN_FAILED, ORCID_SIGNIN_FAILED…). */
  error(
    status: number,
    suffix: 'SIGNIN_DISABLED' | 'SIGNIN_FAILED' | 'EMAIL_UNVERIFIED',
    message: (typeof authMessages)[keyof typeof authMessages],
  ) {
    const prefix = this.settings.id.toUpperCase() as Uppercase<OidcProviderId>;
    return new AppError(status, `${prefix}_${suffix}`, message, {
      provider: this.settings.name,
    });
  }

  /** The provider's metadata, discovered once and cached; a failed discovery is retried after a pause. */
  configuration(): Promise<oidc.Configuration> {
    if (!this.enabled) return Promise.reject(this.error(404, 'SIGNIN_DISABLED', authMessages.oidcDisabled));
    const unavailable = () => this.error(502, 'SIGNIN_FAILED', authMessages.oidcUnavailable);
    if (!this.discovered && Date.now() - this.discoveryFailedAt < DISCOVERY_RETRY_MS)
      return Promise.reject(unavailable());
    this.discovered ??= this.discover().catch((error: unknown) => {
      this.discovered = undefined;
      this.discoveryFailedAt = Date.now();
      this.log.warn({ err: error, provider: this.settings.id }, 'OpenID sign-in: discovery failed');
      throw unavailable();
    });
    return this.discovered;
  }

  private discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.settings.issuer);
    // Plain http only for a provider on this machine (the tests' local OpenID provider).
    const local = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    const insecure = issuer.protocol === 'http:' && local;
    return oidc.discovery(issuer, this.settings.clientId!, this.settings.clientSecret, undefined, {
      timeout: HTTP_TIMEOUT_SECONDS,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  }

  async authorizationEndpoint(): Promise<string | null> {
    try {
      return (await this.configuration()).serverMetadata().authorization_endpoint ?? null;
    } catch {
      return null;
    }
  }

  /** Exchanges the authorization code and returns the verified identity, or throws <ID>_SIGNIN_FAILED. */
  async exchange(code: string): Promise<OidcIdentity> {
    const config = await this.configuration();
    const failed = () => this.error(400, 'SIGNIN_FAILED', authMessages.oidcFailed);
    const callback = new URL(this.redirectUri);
    callback.searchParams.set('code', code);
    // The browser forwards only the code. Providers that add `iss` to their redirect (RFC 9207)
    // make openid-client require it; the code came from the one issuer we trust, so name it.
    const metadata = config.serverMetadata();
    if (metadata.authorization_response_iss_parameter_supported)
      callback.searchParams.set('iss', metadata.issuer);

    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callback, { idTokenExpected: true });
    } catch (error) {
      this.log.info({ err: error, provider: this.settings.id }, 'OpenID sign-in: code exchange failed');
      throw failed();
    }
    const claims = tokens.claims();
    if (!claims) throw failed();
    if (!USABLE_SUBJECT.test(claims.sub)) {
      this.log.info({ provider: this.settings.id }, 'OpenID sign-in: unusable subject');
      throw failed();
    }
    let profile: Record<string, unknown> = claims;
    // Google puts the e-mail and names in the ID token; stricter providers serve them from userinfo.
    if (typeof claims.email !== 'string' && metadata.userinfo_endpoint) {
      try {
        profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      } catch (error) {
        this.log.info({ err: error, provider: this.settings.id }, 'OpenID sign-in: userinfo failed');
        throw failed();
      }
    }
    // Names as the signup form keeps them: one line, no control characters (shared `common/text.ts`),
    // at most LIMITS.nameMax characters.
    const text = (key: string) => {
      const value = profile[key];
      return typeof value === 'string' ? capped(oneLine(withoutControls(value))) || null : null;
    };
    // An address we cannot use is no address: the e-mail step asks for one, checked by our own link.
    const email = usableEmail(profile.email);
    return {
      sub: claims.sub,
      email,
      emailVerified: email !== null && profile.email_verified === true,
      givenName: text('given_name'),
      familyName: text('family_name'),
      name: text('name'),
    };
  }
}

import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';
import { authMessages } from './auth.messages.ts';

/** What a verified ID token (or, failing that, the userinfo endpoint) says about the person. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

/** Discovery and token calls give up after this many seconds, so a slow provider cannot pile up requests. */
const HTTP_TIMEOUT_SECONDS = 10;
/** After a failed discovery, requests fail fast for this long instead of each waiting on the provider. */
const DISCOVERY_RETRY_MS = 30_000;

/**
 * Google sign-in (OpenID Connect authorization-code flow). The browser obtains the code; the server
 * exchanges it here with the client secret, and openid-client verifies the ID token's signature,
 * issuer, audience and expiry. The issuer is configurable so tests run against a local provider.
 */
export class GoogleSignIn {
  private discovered: Promise<oidc.Configuration> | undefined;
  private discoveryFailedAt = -Infinity;

  constructor(
    private readonly env: Pick<
      Env,
      'googleEnabled' | 'GOOGLE_ISSUER' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'APP_URL'
    >,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return this.env.googleEnabled;
  }

  get clientId(): string | null {
    return this.env.GOOGLE_CLIENT_ID ?? null;
  }

  /** Must be byte-identical in the browser's authorization request and in the code exchange. */
  get redirectUri(): string {
    return `${this.env.APP_URL}/auth/google/callback`;
  }

  /** The provider's metadata, discovered once and cached; a failed discovery is retried after a pause. */
  configuration(): Promise<oidc.Configuration> {
    if (!this.enabled)
      return Promise.reject(new AppError(404, 'GOOGLE_SIGNIN_DISABLED', authMessages.googleDisabled));
    const unavailable = () => new AppError(502, 'GOOGLE_SIGNIN_FAILED', authMessages.googleUnavailable);
    if (!this.discovered && Date.now() - this.discoveryFailedAt < DISCOVERY_RETRY_MS)
      return Promise.reject(unavailable());
    this.discovered ??= this.discover().catch((error: unknown) => {
      this.discovered = undefined;
      this.discoveryFailedAt = Date.now();
      this.log.warn({ err: error }, 'Google sign-in: discovery failed');
      throw unavailable();
    });
    return this.discovered;
  }

  private discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.env.GOOGLE_ISSUER);
    // Plain http only for a provider on this machine (the tests' local OpenID provider).
    const local = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    const insecure = issuer.protocol === 'http:' && local;
    return oidc.discovery(issuer, this.env.GOOGLE_CLIENT_ID!, this.env.GOOGLE_CLIENT_SECRET, undefined, {
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

  /** Exchanges the authorization code and returns the verified identity, or throws GOOGLE_SIGNIN_FAILED. */
  async exchange(code: string): Promise<GoogleIdentity> {
    const config = await this.configuration();
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
      this.log.info({ err: error }, 'Google sign-in: code exchange failed');
      throw new AppError(400, 'GOOGLE_SIGNIN_FAILED', authMessages.googleFailed);
    }
    const claims = tokens.claims();
    if (!claims) throw new AppError(400, 'GOOGLE_SIGNIN_FAILED', authMessages.googleFailed);
    let profile: Record<string, unknown> = claims;
    // Google puts the e-mail in the ID token; a strict OpenID provider may only serve it from userinfo.
    if (typeof claims.email !== 'string') {
      try {
        profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      } catch (error) {
        this.log.info({ err: error }, 'Google sign-in: userinfo failed');
        throw new AppError(400, 'GOOGLE_SIGNIN_FAILED', authMessages.googleFailed);
      }
    }
    const text = (key: string) => {
      const value = profile[key];
      return typeof value === 'string' && value.trim() ? value.trim() : null;
    };
    const email = text('email');
    if (!email) throw new AppError(400, 'GOOGLE_SIGNIN_FAILED', authMessages.googleFailed);
    return {
      sub: claims.sub,
      email: email.toLowerCase(),
      emailVerified: profile.email_verified === true,
      givenName: text('given_name'),
      familyName: text('family_name'),
      name: text('name'),
    };
  }
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the provider says about an account; `email_verified: false` is the case Google sign-in refuses. */
export interface OidcTestAccount {
  /** Left out for an ORCID-like account: ORCID never shares an e-mail through OpenID. */
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface OidcTestProvider {
  /** http://127.0.0.1:<port>, for GOOGLE_ISSUER (or ORCID_ISSUER). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Env overrides that point the app's Google (or ORCID) sign-in at this provider. */
  appEnv: Record<string, string>;
  /** Paths of every request the provider received, in order (e.g. to count discovery calls). */
  requestLog: string[];
  /** Add or change accounts at any time; the key is the subject (`sub`). */
  accounts: Map<string, OidcTestAccount>;
  /** Signs `accountId` in and consents like a browser would, and returns the authorization code. */
  authorizationCode(
    accountId: string,
    options?: { clientId?: string; redirectUri?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

export const TEST_REDIRECT_URI = 'http://localhost:3000/auth/google/callback';

/**
 * `google` (default): e-mail claims in the ID token, like Google. `orcid`: like ORCID, only `openid`
 * is asked for and the ID token carries the names but never an e-mail; the app's ORCID_* settings.
 */
export type OidcTestFlavour = 'google' | 'orcid';

/**
 * A real OpenID Connect provider (oidc-provider) on an ephemeral 127.0.0.1 port with one confidential
 * client. Its development login/consent screens are driven with fetch. For tests only: dev keys,
 * in-memory storage.
 */
export async function startOidcProvider(flavour: OidcTestFlavour = 'google'): Promise<OidcTestProvider> {
  const clientId = `courses-test-${flavour}-client`;
  const redirectUriOf = `http://localhost:3000/auth/${flavour}/callback`;
  const scope = flavour === 'orcid' ? 'openid' : 'openid email profile';
  const clientSecret = 'courses-test-client-secret-0123456789';
  const accounts = new Map<string, OidcTestAccount>();

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUriOf],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account && { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    claims: {
      // ORCID's ID token names the person under plain `openid`.
      openid: flavour === 'orcid' ? ['sub', 'given_name', 'family_name'] : ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    // Like Google: the e-mail claims travel in the ID token, not only through userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  const requestLog: string[] = [];
  const handle = provider.callback();
  server.on('request', (req, res) => {
    requestLog.push(new URL(req.url ?? '/', issuer).pathname);
    handle(req, res);
  });

  async function authorizationCode(
    accountId: string,
    options: { clientId?: string; redirectUri?: string } = {},
  ): Promise<string> {
    const redirectUri = options.redirectUri ?? redirectUriOf;
    const jar = new Map<string, string>();
    const request = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(new URL(url, issuer), {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
      }
      return response;
    };

    const start = new URL('/auth', issuer);
    start.search = new URLSearchParams({
      client_id: options.clientId ?? clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope,
      state: 'test-state',
    }).toString();
    let response = await request(start.toString());
    for (let step = 0; step < 10; step += 1) {
      const location = response.headers.get('location');
      if (!location) throw new Error(`OIDC flow stopped with ${response.status}: ${await response.text()}`);
      const target = new URL(location, issuer);
      if (target.toString().startsWith(redirectUri)) {
        const code = target.searchParams.get('code');
        if (!code) throw new Error(`OIDC flow ended without a code: ${target.toString()}`);
        return code;
      }
      if (target.pathname.startsWith('/interaction/')) {
        const page = await (await request(target.toString())).text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
        if (prompt !== 'login' && prompt !== 'consent') throw new Error(`unexpected OIDC prompt: ${page}`);
        const form: Record<string, string> =
          prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt };
        response = await request(target.toString(), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        });
      } else {
        response = await request(target.toString());
      }
    }
    throw new Error('OIDC flow did not finish');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    appEnv:
      flavour === 'orcid'
        ? { ORCID_ISSUER: issuer, ORCID_CLIENT_ID: clientId, ORCID_CLIENT_SECRET: clientSecret }
        : { GOOGLE_ISSUER: issuer, GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret },
    requestLog,
    accounts,
    authorizationCode,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authConfigResponseSchema,
  googleSignInBodySchema,
  OIDC_PROVIDERS,
  oidcEmailBodySchema,
  oidcSignInResponseSchema,
  loginResponseSchema,
  messageResponseSchema,
} from '@app/shared';
import { localize } from '../../lib/localize.ts';
import { bearerToken } from '../../lib/tokens.ts';
import {
  MAILS_PER_ACCOUNT,
  PER_IP_PER_MINUTE,
  accountCounter,
  perIp,
  type AccountCounter,
} from './auth.limits.ts';
import { authMessages } from './auth.messages.ts';
import type { authService } from './auth.service.ts';
import { oidcSignInService } from './oidc-signin.service.ts';
import { OidcClient, oidcProviderSettings } from './oidc.client.ts';

const tags = ['auth'];

/**
 * The OpenID Connect sign-in routes (Google, ORCID: one flow, decision 028) and the public sign-in
 * configuration. Registered by `authRoutes`, whose account service and hourly mail counter they share.
 */
export function registerOidcRoutes(
  parent: FastifyInstance,
  auth: ReturnType<typeof authService>,
  mailsThisHour: AccountCounter,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const settings = oidcProviderSettings(app.env);
  const oidcClients = {
    google: new OidcClient(settings.google, app.env.APP_URL, app.log),
    orcid: new OidcClient(settings.orcid, app.env.APP_URL, app.log),
  };
  const oidcSignIn = oidcSignInService(app, auth);
  const oidcEmails = accountCounter(app, 'oidc-email-mails', MAILS_PER_ACCOUNT);

  app.post(
    '/auth/googlesignin',
    {
      config: perIp(PER_IP_PER_MINUTE.google),
      schema: {
        tags,
        summary: 'Sign in with a Google authorization code (Bearer); creates or links the account',
        // The body may be left out entirely (Fastify then passes null): the role defaults to EndUser.
        body: googleSignInBodySchema.nullish(),
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const result = await oidcSignIn.signIn(
        oidcClients.google,
        bearerToken(request.headers.authorization),
        request.body?.role ?? 'EndUser',
        request.lang,
      );
      // Google always shares a verified e-mail; an account without one cannot be made from it here.
      if (!('signedIn' in result))
        throw oidcClients.google.error(400, 'SIGNIN_FAILED', authMessages.oidcFailed);
      return { success: true as const, data: result.signedIn };
    },
  );

  app.post(
    '/auth/oidc/:provider',
    {
      config: perIp(PER_IP_PER_MINUTE.google),
      schema: {
        tags,
        summary:
          'Sign in with an OpenID provider’s authorization code (Bearer); creates or links the account',
        description:
          'The same rules as Google sign-in for every provider. When the provider shares no e-mail ' +
          '(ORCID), the answer is `{ email_required: true, ticket }` and the browser asks for an address.',
        params: z.object({ provider: z.enum(OIDC_PROVIDERS) }),
        body: googleSignInBodySchema.nullish(),
        response: { 200: oidcSignInResponseSchema },
      },
    },
    async (request) => {
      const result = await oidcSignIn.signIn(
        oidcClients[request.params.provider],
        bearerToken(request.headers.authorization),
        request.body?.role ?? 'EndUser',
        request.lang,
      );
      return {
        success: true as const,
        data:
          'signedIn' in result ? result.signedIn : { email_required: true as const, ...result.emailRequired },
      };
    },
  );

  app.post(
    '/auth/oidc/email',
    {
      config: perIp(PER_IP_PER_MINUTE.signup),
      schema: {
        tags,
        summary: 'Finish an OpenID sign-in that came without an e-mail: create the account, send the link',
        body: oidcEmailBodySchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await oidcEmails.take(request);
      await mailsThisHour.take(request);
      await oidcSignIn.provideEmail(request.body.ticket, request.body.email);
      reply.code(201);
      return {
        success: true as const,
        message: localize(request.lang, authMessages.oidcEmailSent, { email: request.body.email }),
      };
    },
  );

  app.get(
    '/auth/config',
    {
      schema: { tags, summary: 'Public sign-in configuration', response: { 200: authConfigResponseSchema } },
    },
    async () => {
      const describe = async (client: OidcClient) => {
        const authorizationEndpoint = client.enabled ? await client.authorizationEndpoint() : null;
        return {
          // Hidden when the provider cannot be reached, rather than offering a button that fails.
          enabled: authorizationEndpoint !== null,
          clientId: client.clientId,
          authorizationEndpoint,
          redirectUri: client.redirectUri,
          scope: client.settings.scope,
        };
      };
      const [google, orcid] = await Promise.all([describe(oidcClients.google), describe(oidcClients.orcid)]);
      return { success: true as const, data: { google, orcid } };
    },
  );
}

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  credentialVerificationResponseSchema,
  credentialVerifyBodySchema,
  errorEnvelopeSchema,
  idParamSchema,
} from '@app/shared';
import { notFound } from '../../lib/errors.ts';
import { toVerification } from '../certificates/certificates.service.ts';
import { loadCredentialKeys } from './credential-keys.ts';
import { credentialsMessages } from './credentials.messages.ts';
import { credentialsService } from './credentials.service.ts';
import { issuerProfile } from './open-badge.ts';

const tags = ['credentials'];
/** Standard documents (OB 3.0, JWK) are served as they are, not inside the `{ success, data }` envelope. */
const document = z.looseObject({});
/** Public and identical for everyone; a short cache lets verifiers and wallets avoid refetching. */
const PUBLIC_CACHE = 'public, max-age=300';

/** Open Badges 3.0: the issuer profile, its public key, credential downloads and verification. */
export const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = await loadCredentialKeys(app.env.CREDENTIAL_SIGNING_KEY, app.env.APP_URL);
  const credentials = credentialsService(app.db, keys, app.env.APP_URL);

  app.get(
    '/credentials/issuer',
    {
      schema: { tags, summary: 'The issuer Profile named in every credential', response: { 200: document } },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return issuerProfile(app.env.APP_URL);
    },
  );

  app.get(
    '/credentials/jwks',
    {
      schema: {
        tags,
        summary: 'The public key set (JWKS) that verifies credential signatures',
        response: { 200: z.object({ keys: z.array(document) }) },
      },
    },
    async (_request, reply) => {
      const published = await credentials.publishedKeys(); // every key that signed (decision 108)
      reply.header('cache-control', PUBLIC_CACHE);
      return { keys: published };
    },
  );

  app.get(
    '/credentials/keys/:kid',
    {
      schema: {
        tags,
        summary: 'One public key (JWK) by its id: the `kid` in a credential’s JOSE header',
        params: z.object({ kid: z.string().max(100) }),
        response: { 200: document, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const key = await credentials.findKey(request.params.kid);
      if (!key) throw notFound(credentialsMessages.keyNotFound);
      reply.header('cache-control', PUBLIC_CACHE);
      return key;
    },
  );

  app.get(
    '/certificates/:id/credential',
    {
      schema: {
        tags,
        summary: 'The certificate as an Open Badges 3.0 OpenBadgeCredential (JSON, unsigned view)',
        description: 'The same credential, signed, is at `/certificates/:id/credential.jwt`.',
        params: idParamSchema,
        response: { 200: document, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const credential = await credentials.credentialFor(request.params.id);
      reply.header('content-disposition', `attachment; filename="certificate-${request.params.id}.json"`);
      return credential;
    },
  );

  app.get(
    '/certificates/:id/credential.jwt',
    {
      schema: {
        tags,
        summary: 'The certificate as a signed VC-JWT (EdDSA / Ed25519), verifiable with the JWKS',
        params: idParamSchema,
        response: {
          200: { description: 'Compact JWS', content: { 'application/jwt': { schema: z.string() } } },
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const jwt = await credentials.sign(await credentials.credentialFor(request.params.id));
      return reply
        .type('application/jwt')
        .header('content-disposition', `attachment; filename="certificate-${request.params.id}.jwt"`)
        .send(jwt);
    },
  );

  app.post(
    '/credentials/verify',
    {
      schema: {
        tags,
        summary: 'Check a credential’s signature and that its certificate exists',
        description:
          'Always 200 for a well-formed body: `valid` is false with a `reason` when the signature does ' +
          'not match our published key (including any changed field), the credential names another ' +
          'issuer, or its certificate is unknown.',
        body: credentialVerifyBodySchema,
        response: { 200: credentialVerificationResponseSchema },
      },
    },
    async (request) => {
      const verdict = await credentials.verify(request.body.credential.trim());
      return {
        success: true as const,
        data: verdict.valid
          ? { valid: true, reason: null, certificate: toVerification(verdict.record) }
          : { valid: false, reason: verdict.reason, certificate: null },
      };
    },
  );
};

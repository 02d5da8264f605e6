import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { DEFAULT_LANGUAGE, type Language } from '@app/shared';
import type { Env } from './env.ts';
import type { Db } from './db/client.ts';
import { TokenService } from './lib/tokens.ts';
import { AppCaches } from './lib/caches.ts';
import { listenPglite, listenPostgres } from './db/notify-listener.ts';
import { languageNamedBy } from './lib/localize.ts';
import { authGuards } from './plugins/authenticate.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import {
  answerClientError,
  handlingRequestOn,
  originForm,
  registerHttpEdges,
  requireHost,
} from './plugins/http-edges.ts';
import { loggerOptions, type LogStream } from './lib/log-safety.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { AfterAnswers } from './lib/after-answer.ts';
import { keepUrlValidations } from './lib/kept-validations.ts';
import { BUILD_SUBRESOURCE, registerSpa } from './plugins/spa.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { trackApiMethods } from './plugins/allowed-methods.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { startFilesHousekeeping } from './features/files/files.housekeeping.ts';
import { coursesRoutes } from './features/courses/courses.routes.ts';
import { completionRoutes } from './features/learning/completion.routes.ts';
import { learningRoutes } from './features/learning/learning.routes.ts';
import { startOutboxWorker } from './features/mail/mail.outbox.ts';
import { startMailHousekeeping } from './features/mail/mail.housekeeping.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { startAuthHousekeeping } from './features/auth/auth.housekeeping.ts';
import { certificatesRoutes } from './features/certificates/certificates.routes.ts';
import { certificateLinkPreview } from './features/certificates/certificates.service.ts';
import { backupRoutes } from './features/backup/backup.routes.ts';
import { publicCoursesRoutes } from './features/public-courses/public-courses.routes.ts';
import { credentialsRoutes } from './features/credentials/credentials.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    tokens: TokenService;
    /** In-process caches of the hot paths, kept exact by change notifications (decision 019). */
    caches: AppCaches;
    guards: ReturnType<typeof authGuards>;
    /** Work done once an answer has gone, which the app's close waits for (decision 136). */
    afterAnswers: AfterAnswers;
  }
  interface FastifyRequest {
    /** The caller's language from Accept-Language ('en' unless it asks for Arabic). */
    lang: Language;
    /**
     * The language Accept-Language names among ours, undefined when it names neither: a mail asked
     * for by a page follows the page's, else the account's (decisions 131, 137).
     */
    askedLang: Language | undefined;
  }
}

export interface AppDeps {
  env: Env;
  db: Db;
  /** Log destination instead of stdout (tests scan what the app logs). */
  logStream?: LogStream;
}

export type App = FastifyInstance;

/**
 * Fastify's `trustProxy` for TRUST_PROXY (decision 132). A number of hops becomes a function: Fastify
 * (5.12) trusts nothing when given a number, and `true` would trust every entry, so the client's own
 * left-most one would be its address. Hop 0 is the connection's peer, 1 the entry it appended, ...
 */
export function trustedProxies(
  setting: Env['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Builds the whole HTTP application; every feature is registered here by hand. */
export async function buildApp({ env, db, logStream }: AppDeps): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(env, logStream),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    rewriteUrl: (request) => originForm(request.url ?? '/'),
    // A random id per request, sent back as `X-Request-Id` (below): Fastify's `req-1`, `req-2`…
    // restarted in every process, so two instances' log lines named the same requests. A client's own
    // X-Request-Id is never taken (Fastify's default, said here): it could forge another's id.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    bodyLimit: 1_000_000,
    // Fastify's default is no limit: a client sending its body a byte at a time held its connection
    // (and a file descriptor) for as long as it liked; nothing sits in front of `npm start` to stop it.
    // Node checks the connections every `connectionsCheckingInterval`, so the limit holds to within a
    // quarter of itself, and takes the smaller of the two timeouts as the one for headers.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    http: {
      requireHostHeader: false, // answered by requireHost, in the envelope
      headersTimeout: Math.min(60_000, env.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(env.REQUEST_TIMEOUT_MS / 4)),
    },
    // While closing (a deploy's SIGTERM), a request arriving on a connection already open is served,
    // with `Connection: close`, the database still open until the server has drained. Fastify's default
    // answered it 503 in its own shape, outside our envelope, which the app can only call "failed".
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(keepUrlValidations(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  const apiMethods = trackApiMethods(app);
  app.decorate('env', env);
  app.decorate('db', db);
  app.decorate('tokens', new TokenService(env.JWT_SECRET));
  app.decorate('caches', new AppCaches());
  app.decorate('afterAnswers', new AfterAnswers());
  app.addHook('onClose', () => app.afterAnswers.close());
  const listener = env.DATABASE_URL
    ? await listenPostgres(env.DATABASE_URL, app.caches, app.log)
    : await listenPglite(
        (db as unknown as { $client: Parameters<typeof listenPglite>[0] }).$client,
        app.caches,
      );
  app.addHook('onClose', () => listener.close());
  app.decorate('guards', authGuards(app));
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('askedLang', undefined);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    request.askedLang = languageNamedBy(request.headers['accept-language']);
    request.lang = request.askedLang ?? DEFAULT_LANGUAGE;
    handlingRequestOn(request.raw.socket, request);
    void reply.header('x-request-id', request.id);
    requireHost(request);
  });
  app.addHook('onResponse', async (request) => handlingRequestOn(request.raw.socket, undefined));
  registerHttpEdges(app.server, app.log);

  registerErrorHandler(app);
  registerInputGuard(app);
  registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ['https://www.youtube-nocookie.com', "'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          formAction: ["'self'", env.GOOGLE_ISSUER, env.ORCID_ISSUER],
          // Helmet adds this by default; it breaks the app when served over plain HTTP on a LAN address.
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
    { subresources: BUILD_SUBRESOURCE },
  );
  await registerCompression(app);
  await registerRateLimit(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Open Science Courses API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, () => app.swagger());

  await app.register(healthRoutes, { prefix: '/api/v1' });
  await app.register(filesRoutes, { prefix: '/api/v1' });
  startFilesHousekeeping(app);
  await app.register(coursesRoutes, { prefix: '/api/v1' });
  await app.register(learningRoutes, { prefix: '/api/v1' });
  await app.register(completionRoutes, { prefix: '/api/v1' });
  startOutboxWorker(app);
  startMailHousekeeping(app);
  await app.register(authRoutes, { prefix: '/api/v1' });
  startAuthHousekeeping(app);
  await app.register(certificatesRoutes, { prefix: '/api/v1' });
  await app.register(backupRoutes, { prefix: '/api/v1' });
  // Server-rendered public pages: before the SPA, whose fallback answers every other path.
  await app.register(publicCoursesRoutes);
  await app.register(credentialsRoutes, { prefix: '/api/v1' });

  // App routes whose shell names their page to link previews (decision 101): the address printed on
  // every certificate, and shared on LinkedIn.
  await registerSpa(app, apiMethods, {
    '/certificates/:id': ({ id = '' }, lang) => certificateLinkPreview(app.db, id, lang),
  });
  return app;
}

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';
import { BUILD_SUBRESOURCE } from './spa.ts';

async function server() {
  const app = Fastify();
  registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } },
      crossOriginEmbedderPolicy: false,
    },
    { subresources: BUILD_SUBRESOURCE },
  );
  app.get('/plain', () => ({ ok: true }));
  for (const file of [
    '/assets/app-1a2b.js',
    '/assets/index-3c4d.css',
    '/assets/inter-5e6f.woff2',
    '/assets/pdf.worker-7a8b.mjs',
  ])
    app.get(file, () => 'file');
  app.get('/own', (_request, reply) => reply.header('x-frame-options', 'DENY').send({ ok: true }));
  await app.ready();
  return app;
}

describe('security headers (computed once, decision 039)', () => {
  it("sets helmet's headers with the given options on answers, 404s included", async () => {
    const app = await server();
    for (const url of ['/plain', '/missing']) {
      const { headers } = await app.inject({ url });
      expect(headers['content-security-policy']).toMatch(/^default-src 'self';base-uri 'self';/);
      expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'cross-origin-opener-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
      });
      expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    }
    await app.close();
  });

  it("sends the build's scripts, style sheets and fonts only nosniff and CORP (decision 046)", async () => {
    const app = await server();
    for (const url of ['/assets/app-1a2b.js', '/assets/index-3c4d.css', '/assets/inter-5e6f.woff2']) {
      const { headers } = await app.inject({ url });
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
      });
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'strict-transport-security',
        'referrer-policy',
      ])
        expect(headers[name], `${url} ${name}`).toBeUndefined();
    }
    // The PDF worker obeys the CSP of its own response; an unknown file is the not-found answer.
    for (const url of ['/assets/pdf.worker-7a8b.mjs', '/assets/missing-9c0d.js', '/assets/app-1a2b.js/x']) {
      const { headers } = await app.inject({ url });
      expect(headers['content-security-policy'], url).toMatch(/^default-src 'self'/);
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    await app.close();
  });

  it("lets a route's own header of the same name win", async () => {
    const app = await server();
    expect((await app.inject({ url: '/own' })).headers['x-frame-options']).toBe('DENY');
    await app.close();
  });
});

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
  app.get('/page', (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html>'));
  app.get('/plain', () => ({ ok: true }));
  app.get('/linked', (_request, reply) => reply.type('application/ld+json').send('{}'));
  app.get('/text', () => 'text');
  for (const file of [
    '/assets/app-1a2b.js',
    '/assets/index-3c4d.css',
    '/assets/inter-5e6f.woff2',
    '/assets/pdf.worker-7a8b.mjs',
  ])
    app.get(file, () => 'file');
  app.get('/own', (_request, reply) => reply.header('x-frame-options', 'SAMEORIGIN').send({ ok: true }));
  app.get('/public-json', (_request, reply) => reply.header('cache-control', 'public, max-age=60').send({}));
  await app.ready();
  return app;
}

describe('security headers (computed once, decision 039)', () => {
  it("sets helmet's headers with the given options on documents and other answers that are not JSON", async () => {
    const app = await server();
    for (const url of ['/page', '/text']) {
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

  it('sends JSON answers, 404s and errors included, only the headers that apply to data (decision 067)', async () => {
    const app = await server();
    for (const url of ['/plain', '/linked', '/missing']) {
      const { headers } = await app.inject({ url });
      expect(headers['content-type'], url).toMatch(/^application\/(ld\+)?json/);
      expect(headers, url).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'cache-control': 'no-store', // one caller's data, kept by no cache (decision 077)
      });
      for (const name of [
        'cross-origin-opener-policy',
        'referrer-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-xss-protection',
      ])
        expect(headers[name], `${url} ${name}`).toBeUndefined();
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
    // The PDF worker obeys the CSP of its own response: it gets a document's headers.
    const worker = (await app.inject({ url: '/assets/pdf.worker-7a8b.mjs' })).headers;
    expect(worker['content-security-policy']).toMatch(/^default-src 'self'/);
    expect(worker['x-frame-options']).toBe('SAMEORIGIN');
    // The set follows the matched route, not the address: an unknown file is the JSON not-found answer.
    for (const url of ['/assets/missing-9c0d.js', '/assets/app-1a2b.js/x']) {
      const { headers } = await app.inject({ url });
      expect(headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-frame-options'], url).toBe('DENY');
    }
    await app.close();
  });

  it("lets a route's own header of the same name win", async () => {
    const app = await server();
    expect((await app.inject({ url: '/own' })).headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await app.inject({ url: '/public-json' })).headers['cache-control']).toBe('public, max-age=60');
    await app.close();
  });
});

import { connect, type AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { languageFromCookie, shellWithHead } from './spa.ts';

describe('languageFromCookie', () => {
  it('reads the stored choice among other cookies', () => {
    expect(languageFromCookie('language=ar')).toBe('ar');
    expect(languageFromCookie('theme=dark; language=ar; x=1')).toBe('ar');
    expect(languageFromCookie('language=en')).toBe('en');
  });

  it('defaults to English without a choice or with anything malformed', () => {
    for (const header of [undefined, '', 'xlanguage=ar', 'language=arabic', 'language=AR', 'language=']) {
      expect(languageFromCookie(header)).toBe('en');
    }
  });
});

describe('shellWithHead (decision 101)', () => {
  const head = { title: 'A $& <b> "t"', description: "d $' & e", noindex: true };

  it('replaces the text of the title, the description and their Open Graph twins, escaped; the rest as it was', () => {
    const shell = [
      '<html><head><meta name="description" content="site" />',
      '<title>Site</title><meta property="og:type" content="website">',
      '<meta property="og:title" content="Site"><meta property="og:description" content="site">',
      '<script type="module" src="/a.js" data-x="{&quot;t&quot;:1}"></script>',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n');
    expect(shellWithHead(shell, head)).toBe(
      [
        '<html><head><meta name="description" content="d $&#39; &amp; e" />',
        '<title>A $&amp; &lt;b&gt; &quot;t&quot;</title><meta property="og:type" content="website">',
        '<meta property="og:title" content="A $&amp; &lt;b&gt; &quot;t&quot;"><meta property="og:description" content="d $&#39; &amp; e">',
        '<script type="module" src="/a.js" data-x="{&quot;t&quot;:1}"></script>',
        '  <meta name="robots" content="noindex">',
        '  </head><body><div id="root"></div></body></html>',
      ].join('\n'),
    );
  });

  it('adds before </head> the tags a shell lacks, and robots only when asked', () => {
    expect(shellWithHead('<head>\n  </head>', { ...head, noindex: false })).toBe(
      [
        '<head>',
        '    <title>A $&amp; &lt;b&gt; &quot;t&quot;</title>',
        '    <meta name="description" content="d $&#39; &amp; e">',
        '    <meta property="og:title" content="A $&amp; &lt;b&gt; &quot;t&quot;">',
        '    <meta property="og:description" content="d $&#39; &amp; e">',
        '  </head>',
      ].join('\n'),
    );
  });
});

describe('prerendered pages and app shells (decisions 037, 045, 102)', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'spa-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    for (const lang of ['en', 'ar']) {
      await mkdir(path.join(webDist, 'prerendered', lang), { recursive: true });
      for (const file of ['login', 'not-found', 'app', 'app-header', 'app-course'])
        await writeFile(
          path.join(webDist, 'prerendered', lang, `${file}.html`),
          `<html lang="${lang}">${file}<a href="/signup">Sign Up</a>`,
        );
    }
    const pages = {
      pages: { '/login': 'login' },
      notFound: 'not-found',
      app: 'app',
      appRoutes: ['/dashboard', '/course/:id', '/verifyemail/:token'],
      headerApp: 'app-header',
      headerRoutes: ['/dashboard', '/course/:id'],
      screenApps: { '/course/:id': 'app-course' },
    };
    await writeFile(path.join(webDist, 'prerendered', 'pages.json'), JSON.stringify(pages));
    t = await createTestApp({ WEB_DIST: webDist });
  });

  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('is sent back to the page with 303, keeping the query, whatever the body', async () => {
    const bodies = [
      { 'content-type': 'application/x-www-form-urlencoded', payload: 'email=a%40b.c&password=secret' },
      { 'content-type': 'multipart/form-data; boundary=x', payload: '--x\r\n' },
      { 'content-type': 'application/json', payload: '{not json' },
      { 'content-type': 'text/plain', payload: 'password=secret' },
    ];
    for (const { payload, ...headers } of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/login?next=%2Fdashboard',
        headers,
        payload,
      });
      expect(response.statusCode, headers['content-type']).toBe(303);
      expect(response.headers.location).toBe('/login?next=%2Fdashboard');
      expect(response.body).not.toContain('secret');
    }
    const bare = await t.app.inject({ method: 'POST', url: '/login' });
    expect([bare.statusCode, bare.headers.location]).toEqual([303, '/login']);
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect([page.statusCode, page.body]).toEqual([200, '<html lang="en">login<a href="/signup">Sign Up</a>']);
  });

  it('answers a page’s address asked with another method 405 with Allow, in the reader’s language', async () => {
    for (const [method, url, allowed] of [
      ['DELETE', '/dashboard', 'GET, HEAD'],
      ['PUT', '/course/c1?x=1', 'GET, HEAD'],
      ['PATCH', '/verifyemail/t0k3n', 'GET, HEAD'],
      ['DELETE', '/login', 'GET, HEAD, POST'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { 'accept-language': 'ar' } });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow).toBe(allowed);
      expect(response.json()).toEqual({
        success: false,
        code: 'METHOD_NOT_ALLOWED',
        message: `لا تقبل هذه الصفحة طلبات ${method}؛ تقبل ${allowed}.`,
      });
    }
    // No such page, or a file: still not found.
    expect((await t.app.inject({ method: 'DELETE', url: '/no-such-page' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: '/assets/app.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/course/c1/more' })).statusCode).toBe(404);
  });

  it('gives screens that open with a header the shell with its placeholder (decision 045), the viewer its own (118)', async () => {
    const shellOf = async (url: string, cookie = '') => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      return [response.statusCode, /^<html lang="(\w+)">([\w-]+)</.exec(response.body)?.slice(1).join(' ')];
    };
    expect(await shellOf('/dashboard')).toEqual([200, 'en app-header']);
    // Its own shell comes before the header routes' one, which the course viewer's route is also under.
    expect(await shellOf('/course/c1?x=1', 'language=ar')).toEqual([200, 'ar app-course']);
    expect(await shellOf('/verifyemail/t0k3n')).toEqual([200, 'en app']);
    expect(await shellOf('/course/c1/more')).toEqual([404, 'en not-found']);
  });

  it('sends the language the address asks for (?lang=, as the app reads it) before the cookie’s', async () => {
    const pageOf = async (url: string, cookie = '') => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      return [response.statusCode, /^<html lang="(\w+)">([\w-]+)</.exec(response.body)?.slice(1).join(' ')];
    };
    // A link from an Arabic public course page to the app, on a first visit: Arabic at once.
    expect(await pageOf('/login?lang=ar')).toEqual([200, 'ar login']);
    expect(await pageOf('/dashboard?lang=ar')).toEqual([200, 'ar app-header']);
    expect(await pageOf('/verifyemail/t0k3n?x=1&lang=ar')).toEqual([200, 'ar app']);
    expect(await pageOf('/nowhere?lang=ar')).toEqual([404, 'ar not-found']);
    // The address wins over the cookie, both ways…
    expect(await pageOf('/login?lang=en', 'language=ar')).toEqual([200, 'en login']);
    expect(await pageOf('/course/c1?lang=ar', 'language=en')).toEqual([200, 'ar app-course']);
    // …when it names a language; the app takes the first `lang` only, and so does the server.
    for (const url of ['/login?lang=fr', '/login?lang=AR', '/login?lang=', '/login?lang=xx&lang=en'])
      expect(await pageOf(url, 'language=ar'), url).toEqual([200, 'ar login']);
  });

  it('refuses an oversized body with a 4xx, and other paths are not opened to POST', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `password=${'x'.repeat(100 * 1024)}`,
    });
    expect(big.statusCode).toBe(413);
    // Not taken as a form's POST: refused as a method the page does not accept.
    const other = await t.app.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect([other.statusCode, other.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('answers HEAD as it answers GET, without the body (uptime monitors and link checkers use it)', async () => {
    // Over a real socket: Node drops a HEAD answer's body, which inject does not imitate.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const ask = (method: string, url: string) =>
      new Promise<{ head: string; body: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`${method} ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
        );
        let answer = '';
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
        socket.on('close', () => {
          const split = answer.indexOf('\r\n\r\n');
          resolve({ head: answer.slice(0, split), body: answer.slice(split + 4) });
        });
        socket.on('error', reject);
      });
    const described = (head: string) => [
      head.split('\r\n')[0],
      /^content-type: (.*)$/im.exec(head)?.[1],
      /^content-length: (.*)$/im.exec(head)?.[1],
    ];
    for (const url of [
      '/login',
      '/login?next=%2Fdashboard',
      '/dashboard',
      '/verifyemail/t0k3n',
      '/no/such/page',
    ]) {
      const get = await ask('GET', url);
      const head = await ask('HEAD', url);
      expect(described(head.head), url).toEqual(described(get.head));
      expect(get.body.length, url).toBeGreaterThan(0);
      expect(head.body, url).toBe('');
    }
  });

  it('answers a page address it cannot read with the not-found page and the 400, the API and files with JSON', async () => {
    for (const url of ['/certificates/%E0%A4%A', '/%ZZ?x=1', '/verifyemail/%']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie: 'language=ar' } });
      expect([page.statusCode, page.body], url).toEqual([
        400,
        '<html lang="ar">not-found<a href="/signup">Sign Up</a>',
      ]);
      // Answered while routing, where no hook runs: the page's headers are set by the error handler.
      expect(page.headers, url).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(page.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/certificates/%E0%A4%A' });
    expect([head.statusCode, head.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
    for (const [method, url] of [
      ['GET', '/api/v1/course/%E0%A4%A'],
      ['GET', '/assets/%ZZ.js'],
      ['POST', '/certificates/%ZZ'],
    ] as const) {
      const answer = await t.app.inject({ method, url });
      expect([answer.statusCode, answer.json()], `${method} ${url}`).toEqual([
        400,
        { success: false, code: 'BAD_REQUEST', message: 'This address is not valid.' },
      ]);
    }
  });

  it('answers an unknown API address with the JSON envelope, /api itself included', async () => {
    for (const url of ['/api', '/api?x=1', '/api/', '/api/v2/nothing']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect([answer.statusCode, answer.headers['content-type']], url).toEqual([
        404,
        'application/json; charset=utf-8',
      ]);
      expect(answer.json(), url).toMatchObject({ success: false });
    }
    // A page address that merely starts with the letters is a page.
    const page = await t.app.inject({ method: 'GET', url: '/apis' });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it("sends a page asked for with a query with its links keeping it, in the cookie's language", async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/login?next=%2Fcourse%2Fc1',
      headers: { cookie: 'language=ar' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers.vary).toContain('Cookie');
    expect(page.body).toBe('<html lang="ar">login<a href="/signup?next=%2Fcourse%2Fc1">Sign Up</a>');
  });
});

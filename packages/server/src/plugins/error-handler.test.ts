import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { MAX_INPUT_DEPTH } from '../lib/errors.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { multipart, pngCover } from '../test/course-fixtures.ts';
import { fromNewIp, signupBody } from '../features/auth/auth.test-helpers.ts';

/** Named cases of the malformed input the fuzz test (app.fuzz.test.ts) generates at random. */
describe('malformed requests get 4xx in the envelope', () => {
  let t: TestApp;
  let contributor: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    contributor = await createUser(t, 'Contributor');
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (contentType: string, payload: string | Buffer, url = '/api/v1/files') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...contributor.auth, 'content-type': contentType, 'accept-language': 'ar' },
      payload,
    });

  /** A JSON body (text as it is, or an object) posted from an address of its own (rate limits). */
  const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: typeof payload === 'string' ? { 'content-type': 'application/json', ...headers } : headers,
      payload,
      ...fromNewIp(),
    });

  it.each([
    ['no boundary', 'multipart/form-data', '--x\r\n\r\n'],
    ['an empty boundary', 'multipart/form-data; boundary=', '--\r\n\r\n'],
    [
      'a cut-off body',
      'multipart/form-data; boundary=b',
      '--b\r\ncontent-disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
    ],
    ['garbage', 'multipart/form-data; boundary=b', '\u0000\u00ff garbage'],
  ])('answers multipart with %s with 400 BAD_REQUEST, in Arabic when asked', async (_name, type, body) => {
    for (const url of ['/api/v1/files', '/api/v1/course/new']) {
      const response = await upload(type, body, url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        message: 'النموذج المرفوع غير مكتمل أو غير صالح. يرجى المحاولة مرة أخرى.',
      });
    }
  });

  it('says what is wrong with a form of the wrong shape: a second file or field, an oversized field', async () => {
    const extraParts = {
      success: false,
      code: 'BAD_REQUEST',
      message:
        'النموذج المرفوع يحتوي على أجزاء أكثر من المتوقع: أرسل ملفًا واحدًا باسم "file" وكل حقل مرة واحدة.',
    };
    const body = JSON.stringify({ title: 'Two of a kind' });
    for (const parts of [
      [
        ['file', pngCover],
        ['file', pngCover],
        ['body', body],
      ],
      [
        ['file', pngCover],
        ['body', body],
        ['body', body],
      ],
    ] as [string, string | typeof pngCover][][]) {
      const form = await multipart(parts);
      const response = await upload(form.headers['content-type']!, form.payload, '/api/v1/course/new');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(extraParts);
    }
    // Over busboy's 1 MB per text field: the request is too large, whatever its small file.
    const big = await multipart({ file: pngCover, body: JSON.stringify({ title: 'x'.repeat(1_100_000) }) });
    const tooLarge = await upload(big.headers['content-type']!, big.payload, '/api/v1/course/new');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'الطلب كبير جدًا.',
    });
  });

  it('answers bad percent-encoding in API and browser paths with 400 BAD_REQUEST', async () => {
    for (const url of ['/api/v1/certificates/%ZZ', '/api/v1/course/%E0%A4%A', '/%ZZ', '/verifyemail/%']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'ar' } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        message: 'هذا العنوان غير صالح.',
      });
      // Answered while routing, where no hook runs: the error handler sets a JSON answer's headers itself.
      expect(response.headers, url).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
    }
    const long = await t.app.inject({ method: 'GET', url: `/api/v1/certificates/${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(long.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a NUL character in any JSON field or query value with 400 on that field, storing nothing', async () => {
    const body = signupBody({ firstname: 'Lay\u0000la' });
    const response = await post('/api/v1/auth/signup', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are missing or invalid.',
      errors: [{ path: 'firstname', message: 'This value is invalid.' }],
    });
    expect((await t.db.select().from(users)).map((row) => row.email)).not.toContain(body.email);

    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v1/course/approved?q=a%00b',
      headers: contributor.auth,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'q' }] });
  });

  it('refuses a NUL character inside the JSON of a multipart course body', async () => {
    const form = await multipart({ body: JSON.stringify({ title: 'a\u0000b' }), file: pngCover });
    const response = await upload(form.headers['content-type']!, form.payload, '/api/v1/course/new');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'title' }] });

    // Deep in the body, in a value or in a key: the path leads to it.
    for (const [body, path] of [
      [{ title: 'ok', course_section: [{ title: 'ok' }, { title: 'x\u0000' }] }, 'course_section.1.title'],
      [{ title: 'ok', course_section: [{ ['ti\u0000tle']: 'ok' }] }, 'course_section.0.title'],
    ] as const) {
      const deep = await multipart({ body: JSON.stringify(body), file: pngCover });
      const answer = await upload(deep.headers['content-type']!, deep.payload, '/api/v1/course/new');
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path }] });
    }
  });

  it('refuses a lone surrogate (not a character) in JSON and in a course body with 400 on that field', async () => {
    // Kept in jsonb (a quiz's questions, a learner's answers), PostgreSQL refused its escape: a 500.
    const question = {
      title: 'ok',
      course_section: [{ title: 'ok', resources: [{ quiz: [{ question: 'Q\ud800' }] }] }],
    };
    const form = await multipart({ body: JSON.stringify(question), file: pngCover });
    const course = await upload(form.headers['content-type']!, form.payload, '/api/v1/course/new');
    expect(course.statusCode).toBe(400);
    expect(course.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'course_section.0.resources.0.quiz.0.question' }],
    });
    for (const firstname of ['Lay\udc00la', 'Layla\ud83d']) {
      const response = await post('/api/v1/auth/signup', signupBody({ firstname }));
      expect(response.statusCode, JSON.stringify(firstname)).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ path: 'firstname' }] });
    }
    // A pair is a character: an emoji in a name is taken.
    expect(
      (await post('/api/v1/auth/signup', signupBody({ firstname: 'Layla \ud83d\ude00' }))).statusCode,
    ).toBe(201);
  });

  it('refuses JSON nested deeper than any body (MAX_INPUT_DEPTH) with 400 on that field, not a 500', async () => {
    // 20,000 levels in 40 kB: the walk over the body used to overflow the stack.
    const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    const whole = await post('/api/v1/auth/login', deep(20_000), { 'accept-language': 'ar' });
    expect(whole.statusCode).toBe(400);
    expect(whole.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'بعض الحقول ناقصة أو غير صالحة.',
      errors: [{ path: Array(MAX_INPUT_DEPTH).fill('0').join('.'), message: 'هذه القيمة غير صالحة.' }],
    });

    const body = signupBody({ firstname: 'Layla' });
    const inField = await post(
      '/api/v1/auth/signup',
      `{"extra":${deep(20_000)},${JSON.stringify(body).slice(1)}`,
    );
    expect(inField.statusCode).toBe(400);
    expect(inField.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: /^extra\.0\./ }] });
    expect((await t.db.select().from(users)).map((row) => row.email)).not.toContain(body.email);

    // In the JSON of a multipart course body, the path under the form's `body` field.
    const form = await multipart({ body: deep(20_000), file: pngCover });
    const answer = await upload(form.headers['content-type']!, form.payload, '/api/v1/course/new');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: /^body\.0\./ }] });

    // One level less than the limit is only the schema's business: a value of the wrong type.
    const allowed = await post('/api/v1/auth/login', `{"email":${deep(MAX_INPUT_DEPTH - 1)},"password":"x"}`);
    expect(allowed.statusCode).toBe(400);
    expect(allowed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'email', message: 'This value has the wrong type.' }],
    });
  });

  it('says a field of the wrong type is of the wrong type, and a missing one that it is required', async () => {
    const login = (payload: object) => post('/api/v1/auth/login', payload);
    expect((await login({ email: 5, password: ['x'] })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { path: 'email', message: 'This value has the wrong type.' },
        { path: 'password', message: 'This value has the wrong type.' },
      ],
    });
    expect((await login({ email: null })).json()).toMatchObject({
      errors: [
        { path: 'email', message: 'This field is required.' },
        { path: 'password', message: 'This field is required.' },
      ],
    });
    const twice = await t.app.inject({
      method: 'GET',
      url: '/api/v1/course/approved?limit=1&limit=2',
      headers: { ...contributor.auth, 'accept-language': 'ar' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ errors: [{ path: 'limit', message: 'نوع هذه القيمة غير صحيح.' }] });
  });

  it('says one thing per field: a value of the wrong type is only of the wrong type', async () => {
    // zod checks an array's length against a string's minimum too: `[]` also read "Add at least 1.".
    const login = await post('/api/v1/auth/login', { email: null, password: [] });
    expect(login.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are missing or invalid.',
      errors: [
        { path: 'email', message: 'This field is required.' },
        { path: 'password', message: 'This value has the wrong type.' },
      ],
    });
    const signup = await post('/api/v1/auth/signup', { ...signupBody(), password: [], passwordConfirm: [] });
    expect(signup.statusCode).toBe(400);
    const { errors } = signup.json<{ errors: { path: string; message: string }[] }>();
    expect(errors.filter((error) => error.path === 'password')).toEqual([
      { path: 'password', message: 'This value has the wrong type.' },
    ]);
    expect(new Set(errors.map((error) => error.path)).size).toBe(errors.length);
  });

  it('reads a JSON content type with nothing after it as no body, as express.json() did', async () => {
    const learner = await createUser(t);
    const logout = await post('/api/v1/auth/logout', '', learner.auth);
    expect(logout.statusCode).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: learner.auth });
    expect(session.statusCode).toBe(401);

    const login = await post('/api/v1/auth/login', '', { 'accept-language': 'ar' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '' }] });
    // Only an empty body: white space or poisoned keys are still not JSON the API reads.
    expect((await post('/api/v1/auth/login', '  ')).json()).toMatchObject({ code: 'INVALID_JSON' });
    const poisoned = await post('/api/v1/auth/login', '{"__proto__":{"role":"SuperAdmin"},"email":"a@b.co"}');
    expect(poisoned.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('answers an oversized body with 413 and a wrong content type with 415', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1_000_001) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request is too large.',
    });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_FILE_TYPE' });
    // JSON sent as text/plain too: the API reads no plain text.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      payload: '{"email":"a@b.co","password":"secret-password"}',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_FILE_TYPE' });
  });
});

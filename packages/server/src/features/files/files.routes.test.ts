import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  multipart,
  TINY_JPEG,
  TINY_PNG,
  tinyPdf,
  uploadFile,
  type FilePart,
} from '../../test/course-fixtures.ts';

describe('files: POST /files and GET /files/:id', () => {
  let t: TestApp;
  let contributor: TestUser;
  let learner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    contributor = await createUser(t, 'Contributor');
    learner = await createUser(t, 'EndUser');
  });
  afterAll(() => t.close());

  const fileCount = async () => (await t.db.select({ n: count() }).from(files))[0]!.n;

  async function post(user: TestUser | null, parts: Record<string, string | FilePart | undefined>) {
    const form = await multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { ...(user?.auth ?? {}), ...form.headers },
      payload: form.payload,
    });
  }

  it('stores a PDF and serves it back with its type, ETag, immutable caching and nosniff', async () => {
    const pdf = tinyPdf('Notes');
    const uploaded = await uploadFile(t, contributor, { data: pdf, filename: 'notes.pdf' });
    expect(uploaded._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(uploaded).toEqual({
      _id: uploaded._id,
      secure_url: `/api/v1/files/${uploaded._id}`,
      content_type: 'application/pdf',
      size: pdf.length,
    });

    const response = await t.app.inject({ method: 'GET', url: uploaded.secure_url });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);

    const revalidated = await t.app.inject({
      method: 'GET',
      url: uploaded.secure_url,
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  describe('byte ranges (decision 082)', () => {
    const pdf = tinyPdf('Ranges');
    let url: string;
    let etag: string;
    const get = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
      t.app.inject({ method, url, headers });

    beforeAll(async () => {
      url = (await uploadFile(t, contributor, { data: pdf, filename: 'ranges.pdf' })).secure_url;
      etag = (await get({})).headers.etag as string;
    });

    it('says it serves byte ranges, and sends the whole file when none is asked', async () => {
      const whole = await get({ 'accept-encoding': 'gzip, br' });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-encoding']).toBeUndefined(); // pdf.js asks for ranges only of identity bodies
      expect(whole.rawPayload.equals(pdf)).toBe(true);
    });

    it('sends the one range asked for with 206 and Content-Range, cacheable like the whole', async () => {
      const part = await get({ range: 'bytes=9-18', 'accept-encoding': 'gzip' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 9-18/${pdf.length}`);
      expect(part.headers['content-length']).toBe('10');
      expect(part.headers['content-type']).toBe('application/pdf');
      expect(part.headers.etag).toBe(etag);
      expect(part.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(part.rawPayload.equals(pdf.subarray(9, 19))).toBe(true);

      const tail = await get({ range: 'bytes=-5' });
      expect(tail.headers['content-range']).toBe(`bytes ${pdf.length - 5}-${pdf.length - 1}/${pdf.length}`);
      expect(tail.rawPayload.equals(pdf.subarray(-5))).toBe(true);
      const rest = await get({ range: `bytes=${pdf.length - 3}-` });
      expect(rest.rawPayload.equals(pdf.subarray(-3))).toBe(true);

      const head = await get({ range: 'bytes=0-3' }, 'HEAD');
      expect(head.statusCode).toBe(206);
      expect(head.headers['content-range']).toBe(`bytes 0-3/${pdf.length}`);
    });

    it('answers a range past the end with 416, the file size and the error envelope in the reader language', async () => {
      const past = await get({ range: `bytes=${pdf.length}-`, 'accept-language': 'ar' });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
      expect(past.headers['cache-control']).not.toContain('immutable');
      expect(past.json()).toEqual({
        success: false,
        code: 'RANGE_NOT_SATISFIABLE',
        message: 'الجزء المطلوب يقع بعد نهاية الملف.',
      });
    });

    it('sends the whole file for several ranges, a malformed one, or an If-Range naming another version', async () => {
      for (const headers of [
        { range: 'bytes=0-1,4-5' },
        { range: 'bytes=oops' },
        { range: 'bytes=0-9', 'if-range': '"another-version"' },
      ] as Record<string, string>[]) {
        const response = await get(headers);
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(pdf)).toBe(true);
      }
      expect((await get({ range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    });

    it('answers 304 to a cached copy before looking at the range', async () => {
      const cached = await get({ range: 'bytes=0-9', 'if-none-match': etag });
      expect(cached.statusCode).toBe(304);
      expect(cached.headers.etag).toBe(etag);
    });
  });

  it('accepts PNG and JPEG images by their bytes, whatever the file name or declared type', async () => {
    const png = await uploadFile(t, contributor, {
      data: TINY_PNG,
      filename: 'renamed.pdf',
      type: 'application/pdf',
    });
    expect(png.content_type).toBe('image/png');
    const jpeg = await uploadFile(t, contributor, {
      data: TINY_JPEG,
      filename: 'photo.txt',
      type: 'text/plain',
    });
    expect(jpeg.content_type).toBe('image/jpeg');
    const served = await t.app.inject({ method: 'GET', url: jpeg.secure_url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('stores a JPEG renamed notpdf.pdf and sent as a PDF as the JPEG it is (what a course then refuses)', async () => {
    const jpeg = await uploadFile(t, contributor, {
      data: TINY_JPEG,
      filename: 'notpdf.pdf',
      type: 'application/pdf',
    });
    expect(jpeg.content_type).toBe('image/jpeg');
    const served = await t.app.inject({ method: 'GET', url: jpeg.secure_url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('serves images sandboxed and every file with nosniff, in each kind of answer (decision 136)', async () => {
    const image = (await uploadFile(t, contributor, { data: TINY_PNG, filename: 'a.png' })).secure_url;
    const pdf = (await uploadFile(t, contributor, { data: tinyPdf('Sandbox'), filename: 'a.pdf' }))
      .secure_url;
    const answers = async (url: string) => {
      const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
        t.app.inject({ method, url, headers });
      const whole = await get();
      const etag = whole.headers.etag as string;
      const all = [whole, await get({}, 'HEAD'), await get({ range: 'bytes=0-3' })];
      all.push(await get({ 'if-none-match': etag }), await get({ range: 'bytes=0-3' }, 'HEAD'));
      expect(all.map((answer) => answer.statusCode)).toEqual([200, 200, 206, 304, 206]);
      return all;
    };
    for (const answer of await answers(image)) {
      expect(answer.headers['content-security-policy']).toBe('sandbox');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    // A PDF keeps the page's policy: a sandboxed document shows no PDF in Chrome or Safari.
    for (const answer of await answers(pdf)) {
      expect(answer.headers['content-security-policy']).not.toContain('sandbox');
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('lets a SuperAdmin upload too', async () => {
    const admin = await createUser(t, 'SuperAdmin');
    expect((await post(admin, { file: { data: tinyPdf(), filename: 'a.pdf' } })).statusCode).toBe(201);
  });

  it.each([
    ['no file part', {}, 400, 'FILE_REQUIRED'],
    ['an empty file', { file: { data: Buffer.alloc(0), filename: 'empty.pdf' } }, 400, 'FILE_REQUIRED'],
    [
      'a text file named .pdf',
      { file: { data: Buffer.from('hello, not a pdf'), filename: 'x.pdf' } },
      415,
      'UNSUPPORTED_FILE_TYPE',
    ],
    [
      // file-type takes '%PDF' for a PDF; a PDF's header is '%PDF-' and a version (ISO 32000 §7.5.2).
      'bytes that begin "%PDF" without a PDF header',
      { file: { data: Buffer.from('%PDF is how a PDF begins, not a PDF'), filename: 'x.pdf' } },
      415,
      'UNSUPPORTED_FILE_TYPE',
    ],
    [
      'a 100,001-byte file',
      {
        file: {
          data: Buffer.concat([tinyPdf(), Buffer.alloc(100_001 - tinyPdf().length)]),
          filename: 'big.pdf',
        },
      },
      413,
      'FILE_TOO_LARGE',
    ],
  ] as const)('refuses %s and stores nothing', async (_name, parts, status, code) => {
    const before = await fileCount();
    const response = await post(contributor, parts);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, code });
    expect(await fileCount()).toBe(before);
  });

  it('accepts a file of exactly MAX_UPLOAD_BYTES', async () => {
    const data = Buffer.concat([tinyPdf(), Buffer.alloc(t.env.MAX_UPLOAD_BYTES - tinyPdf().length)]);
    expect((await post(contributor, { file: { data, filename: 'max.pdf' } })).statusCode).toBe(201);
  });

  it('refuses a request that is not multipart with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: contributor.auth,
      payload: { file: 'x' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_FILE_TYPE' });
  });

  it('answers in Arabic when asked', async () => {
    const form = await multipart({ file: { data: Buffer.from('nope'), filename: 'x.pdf' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { ...contributor.auth, ...form.headers, 'accept-language': 'ar' },
      payload: form.payload,
    });
    expect(response.json<{ message: string }>().message).toBe('لا تُقبل إلا ملفات PDF أو PNG أو JPEG.');
  });

  it('only lets contributors and administrators upload', async () => {
    const pdf = { file: { data: tinyPdf(), filename: 'a.pdf' } };
    expect((await post(null, pdf)).statusCode).toBe(401);
    expect((await post(learner, pdf)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/files/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const garbage = await t.app.inject({ method: 'GET', url: '/api/v1/files/not-a-uuid' });
    expect(garbage.statusCode).toBe(400);
  });
});

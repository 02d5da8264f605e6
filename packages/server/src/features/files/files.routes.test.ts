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

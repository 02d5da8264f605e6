import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { multipart, tinyPdf } from '../../test/course-fixtures.ts';
import { FULL_SIZE_UPLOADS_PER_USER_PER_MINUTE } from './files.routes.ts';

/** Decision 114: what a user's uploads carry is limited per minute. */
describe('files: uploads per user and minute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A PDF of `size` bytes (a real one, padded as the reviewer's were). */
  const pdfOf = (size: number) => {
    const pdf = tinyPdf();
    return Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);
  };
  const upload = async (user: TestUser, data: Buffer, lang = 'en') => {
    const form = await multipart({ file: { data, filename: 'notes.pdf', type: 'application/pdf' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { ...user.auth, ...form.headers, 'accept-language': lang },
      payload: form.payload,
    });
    return { response, size: form.payload.length };
  };

  it(`refuses uploads once a user's have carried ${FULL_SIZE_UPLOADS_PER_USER_PER_MINUTE} full-size files in a minute: 429, Retry-After, the envelope, in the caller's language`, async () => {
    const author = await createUser(t, 'Contributor');
    const budget = FULL_SIZE_UPLOADS_PER_USER_PER_MINUTE * t.env.MAX_UPLOAD_BYTES;
    // What uploads carry counts, not how many they are: a hundred small PDFs are stored …
    let carried = 0;
    for (let sent = 0; sent < 100; sent++) {
      const { response, size } = await upload(author, tinyPdf(`small ${sent}`));
      expect(response.statusCode, `small upload ${sent}`).toBe(201);
      carried += size;
    }
    // … and full-size ones (99 kB, as in the review that found it) until the budget is spent: each is
    // stored while what came before it is under the budget.
    const big = pdfOf(t.env.MAX_UPLOAD_BYTES - 1_000);
    let stored = 0;
    while (carried < budget) {
      const { response, size } = await upload(author, big);
      expect(response.statusCode, `full-size upload ${stored}`).toBe(201);
      carried += size;
      stored += 1;
    }
    expect(stored).toBeGreaterThanOrEqual(FULL_SIZE_UPLOADS_PER_USER_PER_MINUTE - 1);

    const refused = (await upload(author, big)).response;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'You have uploaded too many files in the last minute. Please wait a minute and try again.',
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    const inArabic = (await upload(author, tinyPdf(), 'ar')).response;
    expect(inArabic.statusCode).toBe(429);
    expect(inArabic.json()).toMatchObject({
      message: 'لقد رفعت ملفات كثيرة جدًا خلال الدقيقة الأخيرة. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
    });

    // The limit is the author's: another contributor uploads.
    expect((await upload(await createUser(t, 'Contributor'), big)).response.statusCode).toBe(201);
  });
});

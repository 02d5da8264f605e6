import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import { issueCertificate, previewOf, webAppWithShells } from './certificates.test-helpers.ts';

/**
 * A certificate's address while PostgreSQL refuses connections (as in db/database-outage.postgres.test.ts:
 * the database closed to new connections and the app's own terminated), so only the PostgreSQL project
 * runs it: the shell as built, as for an address that names no certificate, never an error.
 */
describe('a certificate’s address during a database outage (decision 101)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await webAppWithShells();
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('sends the shell as built while the database is away, and the preview once it is back', async () => {
    const author = await createUser(t, 'Contributor');
    const { id } = await issueCertificate(t, author, ['Rosalind', 'Franklin'], 'Open Hardware', null);
    const page = () =>
      t.app.inject({ method: 'GET', url: `/certificates/${id}`, headers: { cookie: 'language=ar' } });
    await t.postgres!.whileAway(async () => {
      const during = await page();
      const shell = await readFile(path.join(webDist, 'prerendered', 'ar', 'app.html'), 'utf8');
      expect([during.statusCode, during.body]).toEqual([200, shell]);
    });
    expect(previewOf((await page()).body).title).toBe('شهادة: Open Hardware · Rosalind Franklin');
  });
});

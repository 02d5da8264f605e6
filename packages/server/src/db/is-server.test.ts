import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { isServer } from './client.ts';

describe('isServer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells a PostgreSQL server handle from PGlite (the batchers answer differently, decision 212)', () => {
    expect(isServer(t.app.db)).toBe(Boolean(process.env.TEST_DATABASE_URL));
  });
});

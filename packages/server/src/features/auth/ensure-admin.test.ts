import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ensureAdmin } from './ensure-admin.ts';
import { login, uniqueEmail } from './auth.test-helpers.ts';

describe('start-up admin bootstrap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rows = (email: string) => t.db.select().from(users).where(eq(users.email, email));

  it('does nothing without ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    expect(await ensureAdmin(t.db, {})).toBe('skipped');
  });

  it('creates a verified, active SuperAdmin who can use the admin login, and is idempotent', async () => {
    const email = uniqueEmail('admin');
    const env = { ADMIN_EMAIL: email.toUpperCase(), ADMIN_PASSWORD: 'the admin password' };
    expect(await ensureAdmin(t.db, env)).toBe('created');
    expect(await ensureAdmin(t.db, env)).toBe('unchanged');

    const found = await rows(email);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ role: 'SuperAdmin', isActive: true });
    expect(found[0]!.emailVerifiedAt).not.toBeNull();
    const response = await login(t, email, 'the admin password', '/auth/login-admin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { user: { role: 'SuperAdmin' } } });
  });

  it('promotes, verifies and re-activates an existing user and sets the password', async () => {
    const user = await createUser(t, 'EndUser', { emailVerifiedAt: null, isActive: false });
    const env = { ADMIN_EMAIL: user.email, ADMIN_PASSWORD: 'a rotated admin password' };
    expect(await ensureAdmin(t.db, env)).toBe('updated');
    expect(await ensureAdmin(t.db, env)).toBe('unchanged');

    const [row] = await rows(user.email);
    expect(row).toMatchObject({ id: user.id, role: 'SuperAdmin', isActive: true });
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await login(t, user.email, user.password, '/auth/login-admin')).statusCode).toBe(401);
    expect((await login(t, user.email, 'a rotated admin password', '/auth/login-admin')).statusCode).toBe(
      200,
    );
    // Sessions opened with the old password were ended.
    const oldSession = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: user.auth });
    expect(oldSession.statusCode).toBe(401);
  });
});

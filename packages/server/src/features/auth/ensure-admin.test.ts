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

  it('drops the provider links of an unproven account it promotes, keeping those of a verified one', async () => {
    // What `POST /auth/oidc/email` leaves when someone signs in with their own ORCID iD and types the
    // future administrator's address: an unverified account linked to the stranger's iD.
    const claimed = await createUser(t, 'EndUser', {
      emailVerifiedAt: null,
      orcid: '0000-0002-1825-0097',
      googleSub: 'google-subject-of-a-stranger',
    });
    expect(await ensureAdmin(t.db, { ADMIN_EMAIL: claimed.email, ADMIN_PASSWORD: claimed.password })).toBe(
      'updated',
    );
    const [row] = await rows(claimed.email);
    expect(row).toMatchObject({ role: 'SuperAdmin', orcid: null, googleSub: null });
    // Whatever session the unproven account had is over, though the password did not change.
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: claimed.auth });
    expect(session.statusCode).toBe(401);

    const linked = await createUser(t, 'EndUser', { orcid: '0000-0001-5109-3700' });
    await ensureAdmin(t.db, { ADMIN_EMAIL: linked.email, ADMIN_PASSWORD: linked.password });
    const [kept] = await rows(linked.email);
    expect(kept).toMatchObject({ role: 'SuperAdmin', orcid: '0000-0001-5109-3700' });
  });
});

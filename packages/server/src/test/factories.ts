import { randomUUID } from 'node:crypto';
import type { Role } from '@app/shared';
import { users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { openSession } from '../lib/sessions.ts';
import type { TestApp } from './test-app.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  firstname: string;
  lastname: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for inject(). */
  auth: { authorization: string };
}

let hashCache: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct horse battery';

/** Inserts a verified, active user (unique e-mail) and opens a session for it. */
export async function createUser(
  t: TestApp,
  role: Role = 'EndUser',
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  hashCache ??= hashPassword(TEST_PASSWORD);
  const email = overrides.email ?? `${role.toLowerCase()}-${randomUUID()}@example.test`;
  const [row] = await t.db
    .insert(users)
    .values({
      email,
      firstname: 'Test',
      lastname: role,
      role,
      passwordHash: await hashCache,
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  const token = await openSession(t.db, t.app.tokens, row!.id);
  return {
    id: row!.id,
    email,
    password: TEST_PASSWORD,
    role,
    firstname: row!.firstname,
    lastname: row!.lastname,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

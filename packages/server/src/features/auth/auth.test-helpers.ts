import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { LoginResponse, User } from '@app/shared';
import type { TestApp } from '../../test/test-app.ts';
import type { CaughtMail } from '../../test/smtp-catcher.ts';

/** Shared by the auth tests (not a test file itself). */

/** Asymmetric matchers typed as `unknown` rather than `any`, for use inside expected objects. */
export const aString: unknown = expect.any(String);
export const containing = (text: string): unknown => expect.stringContaining(text);

export type SignedInBody = LoginResponse;
export interface SignupAnswer {
  success: true;
  message: string;
  data: { user: User };
}
export interface ForgotAnswer {
  success: true;
  data: { message: string; access_token: string };
}

/**
 * A fresh client address per call, as an inject() option: the per-IP rate limits would otherwise make
 * a file's requests interfere with each other.
 */
export const fromNewIp = (): { remoteAddress: string } => ({
  remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
});

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID()}@example.test`;

export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Layla',
    lastname: 'Hassan',
    email: uniqueEmail(),
    password: 'a good password',
    passwordConfirm: 'a good password',
    role: 'EndUser',
    ...overrides,
  };
}

export async function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    headers,
    ...fromNewIp(),
  });
}

export async function login(t: TestApp, email: string, password: string, url = '/auth/login') {
  return post(t, url, { email, password });
}

/** The token of the verification link in a mail's text part. */
export function linkToken(mail: CaughtMail): string {
  const match = /\/verifyemail\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return match[1]!;
}

/** The 6-digit code in a password-reset mail's text part. */
export function resetCode(mail: CaughtMail): string {
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!match) throw new Error(`no reset code in: ${mail.text}`);
  return match[1]!;
}

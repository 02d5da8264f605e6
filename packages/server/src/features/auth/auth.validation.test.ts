import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { post, signupBody } from './auth.test-helpers.ts';

describe('auth request validation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const errorsOf = (response: { json(): unknown }) =>
    Object.fromEntries(
      (response.json() as { errors: { path: string; message: string }[] }).errors.map((error) => [
        error.path,
        error.message,
      ]),
    );

  it('lists every missing signup field', async () => {
    const response = await post(t, '/auth/signup', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const errors = errorsOf(response);
    for (const field of ['firstname', 'lastname', 'email', 'password', 'passwordConfirm', 'role'])
      expect(errors[field]).toBe('This field is required.');
  });

  it('names a bad e-mail, a short password and a mismatched confirmation, in Arabic when asked', async () => {
    const body = signupBody({ email: 'not-an-email', password: 'short', passwordConfirm: 'different' });
    const english = await post(t, '/auth/signup', body);
    expect(english.statusCode).toBe(400);
    expect(errorsOf(english)).toMatchObject({
      email: 'Enter a valid e-mail address.',
      password: 'Must be at least 8 characters.',
    });

    const mismatch = await post(t, '/auth/signup', signupBody({ passwordConfirm: 'a different password' }));
    expect(mismatch.statusCode).toBe(400);
    expect(errorsOf(mismatch)).toEqual({ passwordConfirm: 'password does not match' });

    const arabic = await post(t, '/auth/signup', body, { 'accept-language': 'ar' });
    expect(arabic.json()).toMatchObject({ message: 'بعض الحقول ناقصة أو غير صالحة.' });
    expect(errorsOf(arabic)).toMatchObject({
      email: 'أدخل بريدًا إلكترونيًا صالحًا.',
      password: 'يجب ألا يقل عدد الأحرف عن 8.',
    });
    const arabicMismatch = await post(t, '/auth/signup', signupBody({ passwordConfirm: 'x'.repeat(9) }), {
      'accept-language': 'ar',
    });
    expect(errorsOf(arabicMismatch)).toEqual({ passwordConfirm: 'كلمة المرور غير متطابقة' });
  });

  it('refuses SuperAdmin, Admin or an unknown role at signup', async () => {
    for (const role of ['SuperAdmin', 'Admin', 'Root']) {
      const response = await post(t, '/auth/signup', signupBody({ role }));
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)).toEqual({ role: 'This value is not one of the allowed choices.' });
    }
  });

  it('validates login, forgot-password, resend and reset bodies', async () => {
    const loginErrors = errorsOf(await post(t, '/auth/login', { email: 'x' }));
    expect(loginErrors).toMatchObject({
      email: 'Enter a valid e-mail address.',
      password: 'This field is required.',
    });
    expect((await post(t, '/auth/login-admin', {})).statusCode).toBe(400);
    expect(errorsOf(await post(t, '/auth/forgotpassword', {}))).toEqual({ email: 'This field is required.' });
    expect(errorsOf(await post(t, '/auth/resend-verification', { email: 'bad' }))).toEqual({
      email: 'Enter a valid e-mail address.',
    });
    const reset = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/resetpassword',
      payload: { new_password: 'short' },
    });
    expect(reset.statusCode).toBe(400);
    expect(errorsOf(reset)).toMatchObject({
      password_reset_code: 'This field is required.',
      new_password: 'Must be at least 8 characters.',
    });
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_JSON' });
  });
});

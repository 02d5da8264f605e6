import { describe, expect, it } from 'vitest';
import { signupBodySchema } from '@app/shared';
import { activateLanguage } from '../i18n/i18n.ts';
import { translatedZodResolver, validationMessage } from './validation-messages.ts';

const options = { fields: {}, shouldUseNativeValidation: false };
const resolve = (values: Record<string, unknown>) =>
  translatedZodResolver(signupBodySchema)(values as never, undefined, options);

const base = {
  firstname: 'Lina',
  lastname: 'Saleh',
  email: 'lina@example.test',
  password: 'long-enough-1',
  passwordConfirm: 'long-enough-1',
  role: 'EndUser',
};

describe('validation messages', () => {
  it('turns the shared schema issues into sentences in the active language', async () => {
    await activateLanguage('en');
    const { errors } = await resolve({ ...base, firstname: '', email: 'nope', password: 'short' });
    expect(errors.firstname?.message).toBe('This field is required.');
    expect(errors.email?.message).toBe('Enter a valid email address.');
    expect(errors.password?.message).toBe('Must be at least 8 characters.');

    await activateLanguage('ar');
    const arabic = await resolve({ ...base, firstname: '', email: '' });
    expect(arabic.errors.firstname?.message).toBe('هذا الحقل مطلوب.');
    expect(arabic.errors.email?.message).toBe('هذا الحقل مطلوب.');
    expect(validationMessage('too_short', 8)).toBe('يجب أن يتكوّن من 8 أحرف على الأقل.');
    await activateLanguage('en');
  });

  it('reports the schema refinements by key (password mismatch) and passes the parsed output', async () => {
    await activateLanguage('en');
    const mismatch = await resolve({ ...base, passwordConfirm: 'different-1' });
    expect(mismatch.errors.passwordConfirm?.message).toBe('password does not match');
    const ok = await resolve({ ...base, email: '  Lina@Example.TEST ' });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ email: 'lina@example.test' });
  });

  it('loads a schema given as a loader on the first validation, and checks with it (decision 038)', async () => {
    await activateLanguage('en');
    let loads = 0;
    const resolver = translatedZodResolver(async () => {
      loads += 1;
      return signupBodySchema;
    });
    expect(loads).toBe(0);
    const refused = await resolver({ ...base, email: 'nope' } as never, undefined, options);
    expect(refused.errors.email?.message).toBe('Enter a valid email address.');
    const ok = await resolver({ ...base, email: ' Lina@Example.TEST' } as never, undefined, options);
    expect(ok).toMatchObject({ errors: {}, values: { email: 'lina@example.test' } });
    expect(loads).toBe(2);
  });

  it('lets the values through to the server when the schema cannot be loaded', async () => {
    const resolver = translatedZodResolver<typeof base, typeof base>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(resolver(base, undefined, options)).resolves.toEqual({ values: base, errors: {} });
  });
});

import { describe, expect, it } from 'vitest';
import { isReturnAfterSignup, isSitePath, RETURN_PATH_MAX } from './return-path.ts';

const COURSE = '/course/0b6f3c1e-7a52-4f0e-9d8b-2c4a1e5f6a7b';

describe('isSitePath', () => {
  it('takes a path of this site', () => {
    for (const path of ['/', '/dashboard', `${COURSE}?resource=r1`, '/courses?lang=ar'])
      expect(isSitePath(path)).toBe(true);
  });

  it('refuses another host, a scheme, a backslash and control characters', () => {
    for (const path of [
      '//evil.example',
      '/\\evil.example',
      '/course\\..\\x',
      'https://evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      '/\t/evil.example',
      '/\n/evil.example',
      '/x\u0000',
      '/x\u0085',
      null,
      undefined,
      42,
    ])
      expect(isSitePath(path), JSON.stringify(path)).toBe(false);
  });
});

describe('isReturnAfterSignup', () => {
  it('takes a course, one of its lessons, and its public page', () => {
    for (const path of [
      COURSE,
      `${COURSE}?resource=lesson_1-a`,
      '/courses/0b6f3c1e-7a52-4f0e-9d8b-2c4a1e5f6a7b',
    ])
      expect(isReturnAfterSignup(path), path).toBe(true);
  });

  it('refuses every other page, other hosts, other parameters and overlong paths', () => {
    for (const path of [
      '//evil.example',
      'https://x',
      '/\\evil.example',
      '/course/%2F%2Fevil.example',
      '/course/add-course',
      '/course/add-course?resource=x',
      '/dashboard',
      '/admin/dashboard',
      '/courses',
      '/course/',
      `${COURSE}/`,
      `${COURSE}?resource=`,
      `${COURSE}?resource=a&next=//evil.example`,
      `${COURSE}#x`,
      `${COURSE}\n`,
      `/course/${'a'.repeat(RETURN_PATH_MAX)}`,
    ])
      expect(isReturnAfterSignup(path), path).toBe(false);
  });
});

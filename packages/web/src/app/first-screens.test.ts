import { describe, expect, it } from 'vitest';
import { FIRST_SCREENS } from './first-screens.ts';

const dashboard = FIRST_SCREENS.find((screen) => screen.pattern === '/dashboard')!;
const early = (search: string) => dashboard.request('/dashboard', new URLSearchParams(search));

describe('the dashboard’s early request', () => {
  it('asks for the list the address shows: the catalogue, or the learner’s own courses (decision 196)', () => {
    expect(early('')).toBe('/course/approved?limit=12');
    expect(early('courses=mine')).toBe('/user/courses?limit=12');
    // A search looks through the catalogue, whichever list was shown.
    expect(early('courses=mine&q=soil')).toBe('/course/approved?limit=12&q=soil');
  });
});

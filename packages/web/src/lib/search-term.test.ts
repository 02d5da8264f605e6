import { describe, expect, it } from 'vitest';
import { LIMITS } from '@app/shared';
import { searchTermOf } from './search-term.ts';

const termOf = (q: string) => searchTermOf(new URLSearchParams({ q }));

describe('the search term of an address', () => {
  it('is trimmed, and cut to what the API takes when an address was edited by hand', () => {
    expect(termOf('  soil  ')).toBe('soil');
    expect(termOf('a'.repeat(LIMITS.searchMax + 50))).toBe('a'.repeat(LIMITS.searchMax));
  });

  it('is never cut inside a character (half a surrogate pair cannot go in a URL)', () => {
    const term = termOf(`${'a'.repeat(LIMITS.searchMax - 1)}😀 more`);
    expect(term).toBe('a'.repeat(LIMITS.searchMax - 1));
    expect(() => encodeURIComponent(term)).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { PAGE } from '@app/shared';
import { pageIndexOf, withPageIndex } from './page-in-address.ts';

const index = (search: string, pageSize = 10) => pageIndexOf(new URLSearchParams(search), pageSize);

describe('the page in the address', () => {
  it('reads ?page= (1-based) as an index; anything it cannot mean is the first page', () => {
    expect(index('page=4')).toBe(3);
    expect(index('')).toBe(0);
    for (const search of ['page=0', 'page=-2', 'page=2.5', 'page=1e3', 'page=02', 'page=%202', 'page=x'])
      expect(index(search), search).toBe(0);
  });

  it("refuses a page past the server's largest offset, by the list's page size", () => {
    const last = PAGE.maxOffset / 10;
    expect(index(`page=${last + 1}`)).toBe(last);
    expect(index(`page=${last + 2}`)).toBe(0);
    expect(index(`page=${PAGE.maxOffset / 12 + 2}`, 12)).toBe(0);
  });

  it('writes the page beside the other parameters, the first page left out', () => {
    expect(withPageIndex(new URLSearchParams('q=soil'), 2).toString()).toBe('q=soil&page=3');
    expect(withPageIndex(new URLSearchParams('q=soil&page=3'), 0).toString()).toBe('q=soil');
  });
});

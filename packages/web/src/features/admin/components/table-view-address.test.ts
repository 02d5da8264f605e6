import { describe, expect, it } from 'vitest';
import { initialTableView } from '../api/get-all-courses.ts';
import { tableViewOf, withTableView } from './table-view-address.ts';

const view = (search: string) => tableViewOf(new URLSearchParams(search));

describe('tableViewOf', () => {
  it('reads the page (1-based), order, status and search term of the address', () => {
    expect(view('page=4&sort=title&order=desc&status=Pending&q=%20soil%20')).toEqual({
      pageIndex: 3,
      sort: 'title',
      desc: true,
      status: 'Pending',
      q: 'soil',
    });
    expect(view('sort=email')).toEqual({ ...initialTableView, sort: 'email' });
    // Set since a course can be sent back with a note (decision 206).
    expect(view('status=Rejected')).toEqual({ ...initialTableView, status: 'Rejected' });
    expect(view('')).toEqual(initialTableView);
  });

  it('takes the default for each part the address cannot mean', () => {
    for (const search of [
      'page=0',
      'page=-2',
      'page=2.5',
      'page=1e3',
      'page=0x10',
      'page=%202',
      'page=10002',
      'page=99999999999999999999',
      'sort=__proto__',
      'sort=Title',
      'order=desc',
      'status=pending',
      'status=',
      'status=rejected',
    ])
      expect(view(search), search).toEqual(initialTableView);
    // The last page the server can be asked for (offset 100,000).
    expect(view('page=10001').pageIndex).toBe(10000);
  });
});

describe('withTableView', () => {
  it('writes what differs from the default and keeps the rest of the address', () => {
    const params = new URLSearchParams('q=soil&page=3&lang=ar');
    expect(
      withTableView(params, {
        pageIndex: 1,
        sort: 'title',
        desc: false,
        status: 'Draft',
        q: 'ignored',
      }).toString(),
    ).toBe('q=soil&page=2&lang=ar&sort=title&order=asc&status=Draft');
    expect(withTableView(params, initialTableView).toString()).toBe('q=soil&lang=ar');
    // What it wrote reads back as the same view.
    const chosen = {
      pageIndex: 6,
      sort: 'status' as const,
      desc: true,
      status: 'Archived' as const,
      q: 'soil',
    };
    expect(tableViewOf(withTableView(params, chosen))).toEqual(chosen);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../test/render-app.tsx';
import { NoSearchResults } from './no-search-results.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('NoSearchResults', () => {
  it('"Clear search" removes the term and hands focus to the search box, not to the page', async () => {
    const { router } = renderApp(
      <>
        <form role="search">
          <input type="search" aria-label="Search courses" />
        </form>
        <NoSearchResults q="soil" />
      </>,
      { route: '/dashboard?q=soil' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Clear search' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveFocus();
  });
});

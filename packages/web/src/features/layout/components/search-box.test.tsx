import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../test/render-app.tsx';
import { SearchBox } from './search-box.tsx';

describe('SearchBox', () => {
  it('on /dashboard keeps the settled term in ?q= (debounced)', async () => {
    const { router } = renderApp(<SearchBox />, { route: '/dashboard' });
    const box = screen.getByRole('searchbox', { name: 'Search courses' });
    expect(box).toHaveAttribute('placeholder', 'Search courses');
    fireEvent.change(box, { target: { value: 'ال' } });
    fireEvent.change(box, { target: { value: 'العلوم' } });
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('العلوم'));
    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('starts from ?q= and follows the URL when it changes elsewhere', async () => {
    const { router } = renderApp(<SearchBox />, { route: '/dashboard?q=open' });
    const box = screen.getByRole('searchbox');
    expect(box).toHaveValue('open');
    await router.navigate('/dashboard');
    await waitFor(() => expect(box).toHaveValue(''));
  });
});

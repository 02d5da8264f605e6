import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { data } from 'react-router';
import { activateLanguage } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { renderUnderRoot } from '../test/render-root.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A guard's check of the session while the server is away, then once it is back. */
const guard = { away: true };

function Broken(): never {
  throw new Error('boom');
}

function renderAt(path: string, language: 'en' | 'ar' = 'en') {
  return renderUnderRoot(
    [
      { path: '/', element: <main>home</main> },
      { path: '/broken', Component: Broken },
      {
        path: '/dashboard',
        loader: () => {
          if (guard.away)
            throw new ApiError(503, 'DATABASE_UNAVAILABLE', 'The service is briefly unavailable.');
          return null;
        },
        element: <main>dashboard</main>,
      },
      {
        path: '/gone',
        loader: () => {
          throw data(null, { status: 404 });
        },
        element: <main>never</main>,
      },
    ],
    path,
    language,
  );
}

describe('root route', () => {
  it('renders the pages through its Outlet', async () => {
    await renderAt('/');
    expect(await screen.findByText('home')).toBeInTheDocument();
  });

  it('replaces the library error screen with a friendly one: reload and home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAt('/broken');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
  });

  it('speaks Arabic too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAt('/broken', 'ar');
    expect(await screen.findByRole('heading', { name: 'حدث خطأ ما' })).toBeInTheDocument();
    await activateLanguage('en');
  });

  it('offers the language menu, which switches the page in place', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAt('/broken');
    await screen.findByRole('heading', { name: 'Something went wrong' });
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'العربية' }));
    expect(await screen.findByRole('heading', { name: 'حدث خطأ ما' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    localStorage.clear(); // the choice was stored, as it is in the app
    await activateLanguage('en');
  });

  it('shows the not-found page for a thrown 404', async () => {
    await renderAt('/gone');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('says when the server was away, and shows the page by itself once the server answers (decision 160)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const health = { ok: false };
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      asked.push(input);
      return new Response('{}', { status: health.ok ? 200 : 503 });
    });
    guard.away = true;
    await renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText(/We will try again by ourselves as soon as the server answers/),
    ).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toEqual(['/api/v1/health']);
    expect(screen.queryByText('dashboard')).toBeNull();

    health.ok = true;
    guard.away = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked).toEqual(['/api/v1/health', '/api/v1/health']);
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('asks nothing of the server after another failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await renderAt('/broken');
    expect(await screen.findByText(/Reloading usually helps/)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect, useState } from 'react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { renderUnderRoot } from '../test/render-root.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A page of the app: a header with a link before its `<main>`, and its own title. */
function Page({ title, to }: { title: string; to: string }) {
  useDocumentTitle(title);
  return (
    <>
      <header>
        <Link to={to}>Go on</Link>
      </header>
      <main>
        <h1>{title}</h1>
        <Link to="?q=open">Search</Link>
        <button type="button">Inside</button>
      </main>
    </>
  );
}

/** Ends the `Loading` page's load, when the test says so (not a timer racing the test's own waits). */
let finishLoading = () => {};

/** A page that loads after it is drawn, as the course viewer may: a busy `<main>` and "Course" first. */
function Loading() {
  const [loaded, setLoaded] = useState(false);
  useDocumentTitle(loaded ? 'Loaded course' : 'Course');
  useEffect(() => {
    finishLoading = () => setLoaded(true);
  }, []);
  return (
    <main aria-busy={!loaded || undefined}>
      <h1>{loaded ? 'Loaded course' : 'Course'}</h1>
    </main>
  );
}

/** A page that places the focus itself on arrival (the auth screens, decision 183). */
function Form() {
  useDocumentTitle('Form');
  return (
    <main>
      <h1>Form</h1>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page's own choice, which is kept */}
      <input aria-label="Email" autoFocus />
    </main>
  );
}

function Broken(): never {
  throw new Error('boom');
}

async function renderAt(path: string, language: 'en' | 'ar' = 'en') {
  const { router } = await renderUnderRoot(
    [
      { path: '/dashboard', element: <Page key="dashboard" title="Dashboard" to="/course/1" /> },
      { path: '/course/1', element: <Page key="course" title="Course one" to="/dashboard" /> },
      { path: '/loading', Component: Loading },
      { path: '/form', Component: Form },
      { path: '/broken', Component: Broken },
    ],
    path,
    language,
  );
  await screen.findByRole('heading', { level: 1 });
  return router;
}

/** The first element Tab reaches from the document's start (the app has no positive tabindex). */
const firstTabStop = () =>
  [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].find(
    (element) => element.tabIndex >= 0,
  );

/** The announcer's live region (not a `status`: a page's own status stays the only one). */
const announcer = () => document.querySelector<HTMLElement>('p[aria-live="polite"]')!;

/** Longer than the announcer's wait: what it was going to say, it has said. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 250)));

describe('the route announcer (decision 201)', () => {
  it('says nothing on the first page: the browser announced that one', async () => {
    await renderAt('/dashboard');
    await settle();
    expect(document.title).toBe('Dashboard · Open Science Courses');
    expect(announcer()).toHaveTextContent('');
    expect(screen.queryByRole('status')).toBeNull(); // a page's own status stays the only one
  });

  it('says the new page’s title, as the tab says it, after an in-app navigation', async () => {
    await renderAt('/dashboard');
    fireEvent.click(screen.getByRole('link', { name: 'Go on' }));
    await screen.findByRole('heading', { name: 'Course one' });
    await settle();
    expect(announcer()).toHaveTextContent('Course one · Open Science Courses');
    expect(announcer().textContent).toBe(document.title);

    fireEvent.click(screen.getByRole('link', { name: 'Go on' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    await settle();
    expect(announcer().textContent).toBe('Dashboard · Open Science Courses');
  });

  it('says it in the reader’s language', async () => {
    await renderAt('/dashboard', 'ar');
    fireEvent.click(screen.getByRole('link', { name: 'Go on' }));
    await screen.findByRole('heading', { name: 'Course one' });
    await settle();
    expect(announcer().textContent).toBe('Course one · دورات العلوم المفتوحة');
  });

  it('waits for a page still loading (its <main> busy), and says the loaded title, not the placeholder', async () => {
    const router = await renderAt('/dashboard');
    await act(() => router.navigate('/loading'));
    await settle();
    expect(document.title).toBe('Course · Open Science Courses');
    expect(announcer()).toHaveTextContent('');
    act(() => finishLoading());
    await screen.findByRole('heading', { name: 'Loaded course' });
    await settle();
    expect(announcer().textContent).toBe('Loaded course · Open Science Courses');
  });

  it('starts Tab again from the document’s start when the focus fell to the page, not when the page placed it', async () => {
    const router = await renderAt('/dashboard');
    const focus = vi.spyOn(document.body, 'focus');
    const link = screen.getByRole('link', { name: 'Go on' });
    link.focus();
    fireEvent.click(link); // the link goes with its page: the focus falls to the body
    await screen.findByRole('heading', { name: 'Course one' });
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(document.body).not.toHaveAttribute('tabindex');

    focus.mockClear();
    await act(() => router.navigate('/form'));
    await screen.findByRole('heading', { name: 'Form' });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(focus).not.toHaveBeenCalled();
  });

  it('says nothing when only the address’s query changes (a search is not another page)', async () => {
    const router = await renderAt('/dashboard');
    fireEvent.click(screen.getByRole('link', { name: 'Search' }));
    await settle();
    expect(router.state.location.search).toBe('?q=open');
    expect(announcer()).toHaveTextContent('');
  });
});

describe('the skip link (decision 201)', () => {
  it('is the first control of the page, before the header, and takes the focus into <main>', async () => {
    const router = await renderAt('/dashboard');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(firstTabStop()).toBe(skip);
    skip.focus();
    fireEvent.click(skip); // Enter on a link
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    expect(main).toHaveAttribute('tabindex', '-1'); // by code only, not a Tab stop
    expect(router.state.location.hash).toBe(''); // no history entry of its own
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('speaks Arabic', async () => {
    await renderAt('/dashboard', 'ar');
    const skip = screen.getByRole('link', { name: 'انتقل إلى المحتوى الرئيسي' });
    expect(firstTabStop()).toBe(skip);
  });

  it('starts the error page too', async () => {
    await renderAt('/broken');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(firstTabStop()).toBe(skip);
    fireEvent.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { FOCUS_RETURN, useFocusReturn } from './focus-return.ts';

afterEach(cleanup);

/** Courses the reader joined: a joined card shows a link where it showed a button. */
let joined = new Set<string>();

function Root() {
  useFocusReturn();
  return <Outlet />;
}

function Card({ id, shown }: { id: string; shown: Set<string> }) {
  const navigate = useNavigate();
  return (
    <article {...{ [FOCUS_RETURN]: id }}>
      {shown.has(id) ? (
        <Link to={`/course/${id}`}>Course {id}</Link>
      ) : (
        <button
          type="button"
          onClick={() => {
            joined.add(id);
            void navigate(`/course/${id}`);
          }}
        >
          Start
        </button>
      )}
    </article>
  );
}

type Drawn = 'at once' | 'late' | 'stale first';

/**
 * The list, drawn at once, a moment after the page (its data fetched again), or at once from an
 * older copy that knows nothing of the latest join and then again from the fresh one.
 */
function List({ drawn }: { drawn: Drawn }) {
  const [ready, setReady] = useState(drawn !== 'late');
  const [fresh, setFresh] = useState(drawn !== 'stale first');
  useEffect(() => {
    const timer = setTimeout(() => {
      setReady(true);
      setFresh(true);
    }, 50);
    return () => clearTimeout(timer);
  }, []);
  const shown = fresh ? joined : new Set<string>();
  return (
    <main>
      <Link to="/about">About</Link>
      {['a', 'b', 'c'].map((id) => (
        <Link key={id} to={`/read/${id}`}>
          Read
        </Link>
      ))}
      {ready ? ['a', 'b', 'c'].map((id) => <Card key={id} id={id} shown={shown} />) : <p>Loading</p>}
    </main>
  );
}

/** A page that puts the focus on its heading itself. */
function FocusingPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 tabIndex={-1} ref={heading}>
      Focusing
    </h1>
  );
}

function renderApp(drawn: Drawn = 'at once') {
  joined = new Set();
  const router = createMemoryRouter(
    [
      {
        Component: Root,
        children: [
          { path: '/', element: <List drawn={drawn} /> },
          { path: '/about', element: <FocusingPage /> },
          { path: '/read/:id', element: <p>Reading</p> },
          { path: '/course/:id', element: <p>Course</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Clicking a control focuses it first, as a browser does for a mouse press. */
function press(element: HTMLElement) {
  element.focus();
  fireEvent.click(element);
}

describe('useFocusReturn', () => {
  it('returns the focus to the control that had it when Back comes to a page', async () => {
    const router = renderApp();
    press(screen.getAllByRole('link', { name: 'Read' })[1]!);
    await screen.findByText('Reading');
    expect(document.activeElement).toBe(document.body);

    await act(() => router.navigate(-1));
    const second = screen.getAllByRole('link', { name: 'Read' })[1]!;
    expect(second).toHaveAttribute('href', '/read/b');
    expect(document.activeElement).toBe(second);
  });

  it('returns it inside the same card when the card now shows another control', async () => {
    const router = renderApp();
    press(screen.getAllByRole('button', { name: 'Start' })[2]!);
    await screen.findByText('Course');

    await act(() => router.navigate(-1));
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Course c' }));
  });

  it('waits for a page that draws the control a moment later', async () => {
    const router = renderApp('late');
    press((await screen.findAllByRole('button', { name: 'Start' }))[0]!);
    await screen.findByText('Course');

    await act(() => router.navigate(-1));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Course a' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(link);
  });

  it('places it again when the page is drawn again from fresher data', async () => {
    const router = renderApp('stale first');
    press(screen.getAllByRole('button', { name: 'Start' })[1]!);
    await screen.findByText('Course');

    await act(() => router.navigate(-1));
    // The older copy still shows the button: it takes the focus, then its card is drawn with the link.
    expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'Start' })[1]);
    const link = await screen.findByRole('link', { name: 'Course b' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(link);
  });

  it('stops waiting once the reader presses a key', async () => {
    const router = renderApp('late');
    press((await screen.findAllByRole('button', { name: 'Start' }))[0]!);
    await screen.findByText('Course');

    await act(() => router.navigate(-1));
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await screen.findByRole('link', { name: 'Course a' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves the focus where a page put it, and a new visit to a page starts afresh', async () => {
    const router = renderApp();
    press(screen.getByRole('link', { name: 'About' }));
    const heading = await screen.findByRole('heading', { name: 'Focusing' });
    expect(document.activeElement).toBe(heading);

    // Back to the list, then forward: the heading takes the focus it had (the page's own choice).
    await act(() => router.navigate(-1));
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'About' }));
    await act(() => router.navigate(1));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Focusing' }));

    // Going to the list by a link is a new entry: nothing to return to.
    await act(() => router.navigate('/'));
    await screen.findAllByRole('link', { name: 'Read' });
    expect(document.activeElement).toBe(document.body);
  });
});

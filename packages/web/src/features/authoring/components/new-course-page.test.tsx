import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aViewer, renderAuthoring, stubApi } from '../test/render-authoring.tsx';
import { NewCoursePage } from './new-course-page.tsx';

const BOARD = '/contributor/dashboard';
const kept = () => localStorage.getItem('course-draft:new');

/** The New Course page over the board it was opened from (decision 199: leaving it asks). */
async function openPage() {
  stubApi({ 'GET /auth/user': { body: { success: true, data: { user: aViewer() } } } });
  const rendered = await renderAuthoring(<NewCoursePage />, {
    route: '/course/add-course',
    routes: [{ path: BOARD, element: <h1>Contributor board</h1> }],
  });
  const title = await screen.findByLabelText('Course title', { exact: true });
  return { ...rendered, title };
}

describe('NewCoursePage: leaving with unsaved changes (decision 199)', () => {
  it('goes back at once when nothing was typed', async () => {
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Contributor board' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks on the Back arrow; Keep editing stays with what was typed', async () => {
    const { title, router } = await openPage();
    fireEvent.change(title, { target: { value: 'Soil science in the open' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const asking = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(asking).toHaveAccessibleDescription(
      'This new course has not been saved. If you discard it, it will not be offered again when you start a new course, and a course photo you chose, if any, is lost too.',
    );
    const keep = within(asking).getByRole('button', { name: 'Keep editing' });
    await waitFor(() => expect(keep).toHaveFocus());
    fireEvent.click(keep);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/course/add-course');
    expect(screen.getByLabelText('Course title', { exact: true })).toHaveValue('Soil science in the open');
  });

  it('asks on the browser Back; Keep editing stays on the page', async () => {
    stubApi({ 'GET /auth/user': { body: { success: true, data: { user: aViewer() } } } });
    const { router } = await renderAuthoring(<NewCoursePage />, {
      route: BOARD,
      routes: [{ path: BOARD, element: <h1>Contributor board</h1> }],
    });
    await act(() => router.navigate('/course/add-course'));
    const title = await screen.findByLabelText('Course title', { exact: true });
    fireEvent.change(title, { target: { value: 'Soil science in the open' } });
    await act(() => router.navigate(-1));
    const asking = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe('/course/add-course');
    fireEvent.click(within(asking).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/course/add-course');
    expect(screen.getByLabelText('Course title', { exact: true })).toHaveValue('Soil science in the open');
  });

  it('asks on a link to another page; Discard forgets the draft and goes', async () => {
    const { title, router } = await openPage();
    fireEvent.change(title, { target: { value: 'Soil science in the open' } });
    await waitFor(() => expect(kept()).not.toBeNull()); // autosaved: it would be offered next time
    await act(() => router.navigate(BOARD));
    const asking = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe('/course/add-course');
    fireEvent.click(within(asking).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { name: 'Contributor board' })).toBeInTheDocument();
    expect(kept()).toBeNull();
  });

  it('lets the app go to log in when the session ends, the draft kept for later', async () => {
    const { title, router } = await openPage();
    fireEvent.change(title, { target: { value: 'Soil science in the open' } });
    await waitFor(() => expect(kept()).not.toBeNull());
    await act(() => router.navigate('/login?next=%2Fcourse%2Fadd-course', { replace: true }));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(kept()).not.toBeNull();
  });
});

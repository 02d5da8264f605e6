import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { activateLanguage } from '../../../../i18n/i18n.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { LazyPdfViewer } from './lazy-pdf-viewer.tsx';

// The viewer's chunk: each import downloads it again until it arrives; it fails until the test says.
const chunk = vi.hoisted(() => ({ reachable: false, downloads: 0 }));
vi.mock('./pdf-viewer.tsx', () => {
  chunk.downloads += 1;
  if (!chunk.reachable) throw new TypeError('Failed to fetch dynamically imported module');
  return { default: ({ title }: { title: string }) => <section aria-label={`PDF document: ${title}`} /> };
});

describe('LazyPdfViewer', () => {
  it('a viewer whose code fails to download says so in its place, in either language, and tries again', async () => {
    // React reports each error a boundary catches: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(
      <main>
        <h1>Introduction to Open Science</h1>
        <LazyPdfViewer file="/api/v1/files/reading.pdf" title="Reading" />
      </main>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load PDF file.');
    // Only the PDF's place: the rest of the page is still there.
    expect(screen.getByRole('heading', { name: 'Introduction to Open Science' })).toBeInTheDocument();

    await act(() => activateLanguage('ar'));
    expect(screen.getByRole('alert')).toHaveTextContent('تعذّر تحميل ملف PDF.');
    // Still failing: the failure is shown again, after a new download (React.lazy would keep the first).
    fireEvent.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تحميل ملف PDF.');
    expect(chunk.downloads).toBe(2);

    chunk.reachable = true;
    const tryAgain = screen.getByRole('button', { name: 'حاول مرة أخرى' });
    tryAgain.focus();
    fireEvent.click(tryAgain);
    const viewer = await screen.findByRole('region', { name: 'PDF document: Reading' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The button went; the keyboard focus stayed with the PDF's place, not back at the page's top.
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toContainElement(viewer);
    expect(chunk.downloads).toBe(3);
  });
});

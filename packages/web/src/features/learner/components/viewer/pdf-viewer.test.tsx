import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { activateLanguage } from '../../../../i18n/i18n.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { fakeResizeObserver } from '../../../../test/resize-observer.ts';
import PdfViewer from './pdf-viewer.tsx';

/** Set by a test to hold the drawing of pages back; the page drawn is then given to it. */
const drawing: { held: boolean; draw: (() => void) | null } = { held: false, draw: null };

// pdf.js does not run in happy-dom: a document of two pages that draws each page at once, unless held.
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  PasswordResponses: { NEED_PASSWORD: 1, INCORRECT_PASSWORD: 2 },
  Document: ({ children, onLoadSuccess }: { children: ReactNode; onLoadSuccess: (doc: object) => void }) => {
    const loaded = useEffectEvent(onLoadSuccess);
    useEffect(() => loaded({ numPages: 2 }), []);
    return <div>{children}</div>;
  },
  // A US Letter page, 612 pt wide; drawn `width` px wide when given one, else at its own size.
  Page: ({
    pageNumber,
    width,
    onLoadSuccess,
    onRenderSuccess,
  }: {
    pageNumber: number;
    width?: number;
    onLoadSuccess?: (page: { originalWidth: number }) => void;
    onRenderSuccess: () => void;
  }) => {
    const drawn = useEffectEvent(onRenderSuccess);
    const loaded = useEffectEvent((page: { originalWidth: number }) => onLoadSuccess?.(page));
    useEffect(() => {
      loaded({ originalWidth: 612 });
      if (drawing.held) drawing.draw = drawn;
      else drawn();
    }, [pageNumber]);
    return (
      <div data-testid="pdf-page" data-width={width ?? 'own'}>
        {pageNumber}
      </div>
    );
  },
}));

afterEach(() => vi.unstubAllGlobals());

describe('PdfViewer', () => {
  it('draws a page fitted to a phone, larger on Zoom in (up to 3×), back on Zoom out', async () => {
    const frames = fakeResizeObserver();
    renderApp(<PdfViewer file="/api/v1/files/reading.pdf" title="Reading" />);
    const page = await screen.findByTestId('pdf-page');
    const frame = screen.getByRole('region', { name: 'PDF document: Reading' }).firstElementChild!;
    act(() => frames.resize(frame, 400)); // a 320 px column: the 612 pt page is fitted to it
    expect(page).toHaveAttribute('data-width', '320');
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    for (const width of ['480', '640', '960']) {
      fireEvent.click(zoomIn);
      expect(page).toHaveAttribute('data-width', width);
    }
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(zoomIn);
    expect(page).toHaveAttribute('data-width', '960');
    for (const width of ['640', '480', '320']) {
      fireEvent.click(zoomOut);
      expect(page).toHaveAttribute('data-width', width);
    }
    expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    // The zoom is kept from page to page.
    fireEvent.click(zoomIn);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('pdf-page')).toHaveAttribute('data-width', '480');
  });

  for (const [language, next, previous, status] of [
    ['en', 'Next page', 'Previous page', (n: number) => `Page ${n} of 2`],
    ['ar', 'الصفحة التالية', 'الصفحة السابقة', (n: number) => `الصفحة ${n} من 2`],
  ] as const)
    it(`${language}: Next and Previous keep the keyboard focus at either end (aria-disabled, presses do nothing)`, async () => {
      const onLastPage = vi.fn();
      renderApp(<PdfViewer file="/api/v1/files/reading.pdf" title="Reading" onLastPage={onLastPage} />);
      await act(() => activateLanguage(language));
      expect(await screen.findByTestId('pdf-page-status')).toHaveTextContent(status(1));
      const back = screen.getByRole('button', { name: previous });
      const forward = screen.getByRole('button', { name: next });
      expect(back).not.toBeDisabled();
      expect(back).toHaveAttribute('aria-disabled', 'true');
      expect(forward).not.toHaveAttribute('aria-disabled');

      forward.focus();
      fireEvent.click(forward);
      expect(screen.getByTestId('pdf-page-status')).toHaveTextContent(status(2));
      // On the last page: still the focused button, said to be unavailable; pressing it does nothing.
      expect(forward).toHaveFocus();
      expect(forward).not.toBeDisabled();
      expect(forward).toHaveAttribute('aria-disabled', 'true');
      expect(back).not.toHaveAttribute('aria-disabled');
      fireEvent.click(forward);
      expect(screen.getByTestId('pdf-page-status')).toHaveTextContent(status(2));
      expect(onLastPage).toHaveBeenCalledTimes(1);

      back.focus();
      fireEvent.click(back);
      expect(screen.getByTestId('pdf-page-status')).toHaveTextContent(status(1));
      expect(back).toHaveFocus();
      expect(back).toHaveAttribute('aria-disabled', 'true');
    });

  it('offers the file in a new tab, where the browser zooms its text (a phone’s page is tiny)', async () => {
    renderApp(<PdfViewer file="/api/v1/files/reading.pdf" title="Reading" />);
    const open = await screen.findByRole('link', { name: 'Open the PDF in a new tab' });
    expect(open).toHaveAttribute('href', '/api/v1/files/reading.pdf');
    expect(open).toHaveAttribute('target', '_blank');
  });

  it('says the page is loading until pdf.js has drawn it, in the page language', async () => {
    drawing.held = true;
    try {
      renderApp(<PdfViewer file="/api/v1/files/reading.pdf" title="Reading" />);
      await act(() => activateLanguage('ar'));
      expect(await screen.findByTestId('pdf-page-status')).toHaveTextContent('الصفحة 1 من 2');
      expect(screen.getByText('جارٍ تحميل الصفحة…')).toHaveAttribute('role', 'status');
      act(() => drawing.draw?.());
      expect(screen.queryByText('جارٍ تحميل الصفحة…')).not.toBeInTheDocument();

      // The next page is blank again until drawn.
      fireEvent.click(screen.getByRole('button', { name: 'الصفحة التالية' }));
      expect(screen.getByText('جارٍ تحميل الصفحة…')).toBeInTheDocument();
      act(() => drawing.draw?.());
      expect(screen.queryByText('جارٍ تحميل الصفحة…')).not.toBeInTheDocument();
    } finally {
      drawing.held = false;
    }
  });
});

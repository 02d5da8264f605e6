import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { activateLanguage } from '../../../../i18n/i18n.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { COURSE_ID } from '../../../../test/course-fixtures.ts';
import { CertificateView } from './certificate-view.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('CertificateView', () => {
  it("explains a network failure fetching the certificate in the reader's language, not the browser's", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp(<CertificateView courseId={COURSE_ID} courseTitle="Open Science" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not reach the server. Check your connection and try again.');
    expect(alert).not.toHaveTextContent('Failed to fetch');

    await act(() => activateLanguage('ar'));
    // The message was written when it failed; trying again asks again, in Arabic now.
    fireEvent.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    expect(
      await screen.findByText('تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).not.toHaveTextContent('Failed to fetch');
  });

  it("names the downloaded file in the reader's language", async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(new Blob(['%PDF-1.4']), { headers: { 'content-type': 'application/pdf' } }),
    );
    renderApp(<CertificateView courseId={COURSE_ID} courseTitle="Open: Science?" />);
    const download = await screen.findByTestId('certificate-download');
    expect(download).toHaveAttribute('download', 'Open Science - certificate.pdf');
    await act(() => activateLanguage('ar'));
    expect(download).toHaveAttribute('download', 'Open Science - شهادة.pdf');
  });
});

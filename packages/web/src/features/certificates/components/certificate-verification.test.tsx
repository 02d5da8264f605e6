import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-app.tsx';
import { fakeApi } from '../../../test/stub-api.ts';
import { clearSession, currentUserQuery, storeSession } from '../../../lib/session.ts';
import { CertificateVerification } from './certificate-verification.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const ID = '690597a5-ef96-4006-8397-42678abb6e55';

/** The server's answers for the certificate ID: its facts, its credential and a valid verdict. */
const certificateFound = () =>
  fakeApi({
    [`GET /certificates/${ID}`]: () => ({
      body: {
        success: true,
        data: {
          _id: ID,
          courseId: 'c1',
          name: 'Demo Learner',
          orcid: null,
          course_title: 'Open Source, Open License, Open Hardware',
          course_title_tr: null,
          issuedAt: '2026-11-29T10:00:00.000Z',
        },
      },
    }),
    [`GET /certificates/${ID}/credential.jwt`]: () => ({ body: 'header.payload.signature' }),
    'POST /credentials/verify': () => ({ body: { success: true, data: { valid: true } } }),
  });

describe('CertificateVerification', () => {
  it('leads a visitor on to the home page, from a certificate and from an unknown number (decision 207)', async () => {
    const api = certificateFound();
    vi.stubGlobal('fetch', api.fetch);
    const shown = renderApp(<CertificateVerification id={ID} />);
    await screen.findByText('Demo Learner');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    shown.unmount();
    vi.stubGlobal(
      'fetch',
      fakeApi({
        [`GET /certificates/${ID}`]: () => ({
          status: 404,
          body: { success: false, code: 'NOT_FOUND', message: 'No certificate has this number.' },
        }),
      }).fetch,
    );
    renderApp(<CertificateVerification id={ID} />);
    await screen.findByText('No certificate has this number.');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    // Nothing asked of the server but the certificate: not who is reading.
    expect(api.calls.map((call) => call.key)).not.toContain('GET /auth/user');
  });

  it("leads a signed-in reader to their role's dashboard: through the sign-in page's redirect when this tab does not know it", async () => {
    storeSession('token-1', 'contributor-1');
    const api = certificateFound();
    vi.stubGlobal('fetch', api.fetch);
    const { queryClient } = renderApp(<CertificateVerification id={ID} />);
    await screen.findByText('Demo Learner');
    // Not /dashboard, the learners' catalogue whatever the role: /login sends a signed-in reader on to
    // their own board.
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/login');
    act(() => {
      queryClient.setQueryData(currentUserQuery.queryKey, { role: 'Contributor' } as never);
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
        'href',
        '/contributor/dashboard',
      ),
    );
    expect(api.calls.map((call) => call.key)).not.toContain('GET /auth/user');
  });

  it('prints the certificate id whole, in monospace, breakable only after its hyphens', async () => {
    vi.stubGlobal('fetch', certificateFound().fetch);
    renderApp(<CertificateVerification id={ID} />);
    const label = await screen.findByText('Certificate ID');
    const shown = label.nextElementSibling!.querySelector('bdi')!;
    // Copied or read aloud, it is the id itself: the break opportunities add no characters.
    expect(shown).toHaveTextContent(ID, { normalizeWhitespace: false });
    expect(shown).toHaveAttribute('dir', 'ltr');
    expect(shown).toHaveClass('font-mono');
    // A phone breaks the line between groups ("…-8397-" / "42678abb6e55"), not anywhere: "break-all"
    // left the last two digits alone on a line.
    expect(shown).not.toHaveClass('break-all');
    expect([...shown.querySelectorAll('wbr')].map((wbr) => wbr.previousSibling?.textContent)).toEqual([
      '-',
      '-',
      '-',
      '-',
    ]);
  });
});

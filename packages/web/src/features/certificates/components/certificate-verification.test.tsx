import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-app.tsx';
import { fakeApi } from '../../../test/stub-api.ts';
import { CertificateVerification } from './certificate-verification.tsx';

afterEach(() => vi.unstubAllGlobals());

const ID = '690597a5-ef96-4006-8397-42678abb6e55';

describe('CertificateVerification', () => {
  it('prints the certificate id whole, in monospace, breakable only after its hyphens', async () => {
    vi.stubGlobal(
      'fetch',
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
      }).fetch,
    );
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

import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Language } from '@app/shared';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { LandingPage } from './landing-page.tsx';

afterEach(cleanup);

async function renderLanding(language: Language = 'en') {
  await activateLanguage(language);
  const router = createMemoryRouter([{ path: '/', element: <LandingPage /> }]);
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('LandingPage', () => {
  it('has every block of the description, with the right targets', async () => {
    await renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Join us now!/ })).toHaveAttribute('href', '/signup');
    const starts = screen.getAllByRole('link', { name: /^Start Learning/ });
    expect(starts).toHaveLength(2);
    for (const link of starts) expect(link).toHaveAttribute('href', '/login');
    expect(
      screen.getByRole('heading', { name: 'Unlocking the Secrets of Open Science' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Starting Your Open Science Journey' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /See All Courses/ })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/login');
    for (const name of ['OPEN SOURCE', 'OPEN LICENSE', 'OPEN HARDWARE'])
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    for (const name of ['Creative Commons', 'GitHub', 'Nextflow', 'R', 'web3'])
      expect(screen.getByText(name, { selector: 'li' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our Supporters' })).toBeInTheDocument();
  });

  it('footer: quick links, plain-text items without a target, social names, e-mail and this year', async () => {
    await renderLanding();
    const footer = screen.getByRole('contentinfo');
    const f = within(footer);
    expect(f.getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/login');
    const blog = f.getByRole('link', { name: /Blog/ });
    expect(blog).toHaveAttribute('target', '_blank');
    expect(blog.getAttribute('rel')).toContain('noopener');
    for (const text of ['Guidelines', 'Resources', 'FAQ']) {
      expect(f.getByText(text)).toBeInTheDocument();
      expect(f.queryByRole('link', { name: text })).toBeNull();
    }
    for (const name of [/on X \(Twitter\)/, /on LinkedIn/, /on GitHub/])
      expect(f.getByRole('link', { name })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(f.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });

  // The sidebar's button is at the sidebar's start, whose edge cut off a menu lined up with the
  // button's end (26 px in English, 34 in Arabic, at 320 and 375 px); the wide header's button is at
  // the page's end.
  it("the sidebar's language menu opens toward the sidebar's end, the header's toward the page", async () => {
    await renderLanding();
    const [wide, sidebar] = screen.getAllByRole('menu', { hidden: true });
    expect(screen.getByTestId('landing-sidebar')).toContainElement(sidebar!);
    expect(sidebar).toHaveClass('start-0');
    expect(sidebar).not.toHaveClass('end-0');
    expect(wide).toHaveClass('end-0');
  });

  it('Useful links tab has real external links', async () => {
    await renderLanding();
    const tab = screen.getByRole('tab', { name: 'Useful links' });
    act(() => {
      fireEvent.mouseDown(tab);
      fireEvent.click(tab);
    });
    const panel = await screen.findByRole('tabpanel');
    const links = within(panel).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('is fully translated in Arabic', async () => {
    await renderLanding('ar');
    expect(screen.getByRole('link', { name: /انضم إلينا الآن!/ })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('heading', { name: 'كشف أسرار العلوم المفتوحة' })).toBeInTheDocument();
    // The partnership e-mail starts with a subject in the reader's language too.
    const partnership = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'الشراكات' });
    expect(partnership.getAttribute('href')).toMatch(
      new RegExp(`\\?subject=${encodeURIComponent('الشراكات')}$`),
    );
    await activateLanguage('en');
  });
});

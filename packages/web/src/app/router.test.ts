import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { canHydrate } from './router.tsx';
import { SHOWN_WITHOUT_STORED } from './prerendered-page.ts';
import { ShellPlaceholder } from './shell-placeholder.tsx';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

/** A page as the server sent it: `lang` on the document, `html` in #root, at `path`. */
function served(html: string, lang = 'en', path = '/') {
  history.replaceState(null, '', path);
  document.documentElement.lang = lang;
  document.body.innerHTML = `<div id="root">${html}</div>`;
}

describe('canHydrate', () => {
  it('adopts a prerendered page in the stored language', () => {
    served('<main><h1>Open Science</h1></main>');
    expect(canHydrate('en')).toBe(true);
    expect(canHydrate('ar')).toBe(false);
  });

  it('never adopts the app shell’s placeholder (decision 045): the app renders over it', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const placeholder = renderToString(
      createElement(I18nProvider, { i18n }, createElement(ShellPlaceholder)),
    );
    expect(placeholder).toContain('OSCSA');
    served(placeholder, 'en', '/dashboard');
    expect(canHydrate('en')).toBe(false);
    served(placeholder, 'en', '/');
    expect(canHydrate('en')).toBe(false);
  });

  it('renders from scratch a page drawn for a tab without an item this tab stores (decision 176)', () => {
    const page = `<main><p ${SHOWN_WITHOUT_STORED}="reset_token">Request a reset code first.</p></main>`;
    served(page, 'en', '/resetpassword');
    expect(canHydrate('en')).toBe(true);
    sessionStorage.setItem('reset_token', 't-1');
    expect(canHydrate('en')).toBe(false);
    sessionStorage.removeItem('reset_token');
  });

  it('finds that mark past the skip link the root route draws before every page (decision 201)', () => {
    const page = `<main><p ${SHOWN_WITHOUT_STORED}="reset_token">Request a reset code first.</p></main>`;
    served(
      `<a href="#main">Skip to main content</a><div>${page}</div><p aria-live="polite"></p>`,
      'en',
      '/resetpassword',
    );
    expect(canHydrate('en')).toBe(true);
    sessionStorage.setItem('reset_token', 't-1');
    expect(canHydrate('en')).toBe(false);
    sessionStorage.removeItem('reset_token');
  });

  it('renders an empty page from scratch', () => {
    served('');
    expect(canHydrate('en')).toBe(false);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { getByRole, queryByRole } from '@testing-library/dom';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { COURSE_SCREEN } from './first-screens.ts';
import { ShellPlaceholder } from './shell-placeholder.tsx';
import { showScreenPlaceholder } from './shell-requests.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** app-header.html's #root, as scripts/prerender.mjs writes it. */
function servedShell() {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  document.body.innerHTML = `<div id="root">${renderToString(
    createElement(I18nProvider, { i18n }, createElement(ShellPlaceholder)),
  )}</div>`;
  return document.querySelector<HTMLElement>('[data-shell-placeholder]')!;
}

describe('the app shell’s placeholder (decisions 045, 111)', () => {
  it('paints the dashboards’ bar with the logo, hidden from assistive technology', () => {
    const shell = servedShell();
    expect(shell).toHaveAttribute('aria-hidden', 'true');
    expect(shell.querySelectorAll('header')).toHaveLength(1);
    expect(shell.querySelector('header')).toHaveTextContent('OSCSA');
    expect(queryByRole(document.body, 'status', { hidden: true })).toBeNull();
    // Another first screen keeps it.
    showScreenPlaceholder('/dashboard');
    expect(shell.querySelector('header')).toHaveTextContent('OSCSA');
  });

  it('on a course’s address, the viewer’s header and skeleton take its place, announced as loading', () => {
    const shell = servedShell();
    showScreenPlaceholder(COURSE_SCREEN);
    expect(document.querySelector('[data-shell-placeholder]')).toBe(shell);
    expect(shell).not.toHaveAttribute('aria-hidden');
    expect(shell.querySelector('template')).toBeNull();
    const headers = shell.querySelectorAll('header');
    expect(headers).toHaveLength(1);
    // The back button's arrow where the logo was, and still the bar a slow screen shows.
    expect(headers[0]).not.toHaveTextContent('OSCSA');
    expect(headers[0]).toHaveAttribute('aria-hidden', 'true');
    expect(headers[0]!.querySelectorAll('svg')).toHaveLength(1);
    expect(headers[0]!.querySelectorAll('.shell-progress')).toHaveLength(1);
    const status = getByRole(shell, 'status');
    expect(status).toHaveTextContent('Loading the course…');
    expect(getByRole(shell, 'main')).toHaveAttribute('aria-busy', 'true');
    // No spinner: the first screen is never drawn with one (shell-requests.spec.ts).
    expect(shell.querySelector('.animate-spin')).toBeNull();
  });
});

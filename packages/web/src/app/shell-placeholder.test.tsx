import { afterEach, describe, expect, it } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { getAllByRole, getByRole } from '@testing-library/dom';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { CourseShellPlaceholder, ShellPlaceholder } from './shell-placeholder.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A shell's #root, as scripts/prerender.mjs writes it: app-header.html's, or app-course.html's. */
function servedShell(placeholder: () => ReactElement = ShellPlaceholder) {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  document.body.innerHTML = `<div id="root">${renderToString(
    createElement(I18nProvider, { i18n }, createElement(placeholder)),
  )}</div>`;
  return document.querySelector<HTMLElement>('[data-shell-placeholder]')!;
}

describe('the app shells’ placeholders (decisions 045, 111, 118)', () => {
  it('paints the dashboards’ bar with the logo, hidden from assistive technology, and says it loads', () => {
    const shell = servedShell();
    expect(shell.querySelectorAll('header')).toHaveLength(1);
    expect(shell.querySelector('header')).toHaveAttribute('aria-hidden', 'true');
    expect(shell.querySelector('header')).toHaveTextContent('OSCSA');
    expect(shell.querySelectorAll('header .shell-progress')).toHaveLength(1);
    // A screen reader on a slow network meets a status, not an empty page (it met nothing for seconds).
    expect(getByRole(shell, 'status')).toHaveTextContent('Loading…');
    // The viewer's placeholder is a shell of its own now, not a template carried by this one.
    expect(shell.querySelector('template')).toBeNull();
  });

  it('paints the course viewer’s header and skeleton in its own shell, announced as loading', () => {
    const shell = servedShell(CourseShellPlaceholder);
    expect(shell).not.toHaveAttribute('aria-hidden');
    const headers = shell.querySelectorAll('header');
    expect(headers).toHaveLength(1);
    // The back button's arrow where the dashboards' logo is, and still the bar a slow screen shows.
    expect(headers[0]).not.toHaveTextContent('OSCSA');
    // Only the title's place is read: the page's heading, "Course" as the loading viewer's (every state
    // of a page has its heading); the back arrow and the controls' places are hidden.
    expect(getAllByRole(shell, 'heading')).toHaveLength(1);
    expect(getByRole(headers[0]!, 'heading', { level: 1 })).toHaveAccessibleName('Course');
    expect(headers[0]!.querySelector('svg')!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(headers[0]!.querySelectorAll('svg')).toHaveLength(1);
    expect(headers[0]!.querySelectorAll('.shell-progress')).toHaveLength(1);
    const status = getByRole(shell, 'status');
    expect(status).toHaveTextContent('Loading the course…');
    expect(getByRole(shell, 'main')).toHaveAttribute('aria-busy', 'true');
    // No spinner: the first screen is never drawn with one (shell-requests.spec.ts).
    expect(shell.querySelector('.animate-spin')).toBeNull();
  });
});

import { renderToString } from 'react-dom/server';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusOnArrival } from './use-focus-on-arrival.ts';

function Screen() {
  const field = useFocusOnArrival<HTMLInputElement>();
  return (
    <form>
      <a href="/login">Back to Log In</a>
      <input ref={field} aria-label="Email" />
    </form>
  );
}

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

/** The page as the server sent it (scripts/prerender.mjs renders it to a string the same way). */
function prerendered() {
  const page = document.createElement('div');
  page.innerHTML = renderToString(<Screen />);
  return document.body.appendChild(page);
}

describe('useFocusOnArrival', () => {
  it('gives the focus to its element when the app draws the screen', () => {
    render(<Screen />);
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('leaves it where it is on a prerendered page the app adopts (the browser’s own load)', () => {
    const page = prerendered();
    const field = screen.getByLabelText('Email');
    render(<Screen />, { container: page, hydrate: true });
    expect(screen.getByLabelText('Email')).toBe(field); // adopted, not drawn again
    expect(document.body).toHaveFocus();
  });

  it('keeps a focus the reader has put somewhere meanwhile', () => {
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    elsewhere.focus();
    render(<Screen />);
    expect(elsewhere).toHaveFocus();
  });
});

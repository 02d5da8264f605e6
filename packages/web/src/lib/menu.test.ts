import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuButton } from './menu.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A header-like page: a link, the menu, a link after it; the menu open (on its checked item). */
function page() {
  document.body.innerHTML = `
    <a href="/" id="before">Home</a>
    <div id="menu">
      <button aria-haspopup="menu" aria-expanded="false">Language</button>
      <div role="menu" hidden>
        <button role="menuitemradio" aria-checked="true" tabindex="-1">English</button>
        <button role="menuitemradio" aria-checked="false" tabindex="-1">العربية</button>
      </div>
    </div>
    <a href="/login" id="after">Log In</a>`;
  const select = vi.fn();
  menuButton(document.getElementById('menu')!, new AbortController().signal, select);
  const button = document.querySelector<HTMLButtonElement>('[aria-haspopup]')!;
  const menu = document.querySelector<HTMLElement>('[role="menu"]')!;
  button.click();
  return { button, menu, select, key: (key: string, shiftKey = false) => press(key, shiftKey) };
}

function press(key: string, shiftKey: boolean) {
  const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
  document.activeElement!.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('menuButton', () => {
  it('opens on an item, moves with the arrows, and gives the focus back on Escape', () => {
    const { button, menu, key } = page();
    expect(menu.hidden).toBe(false);
    expect(document.activeElement?.textContent).toBe('English');
    key('ArrowDown');
    expect(document.activeElement?.textContent).toBe('العربية');
    key('Escape');
    expect(menu.hidden).toBe(true);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes on Tab and goes on past the button, never leaving the focus on the page (decision 165)', () => {
    const { menu, key } = page();
    expect(key('Tab')).toBe(true);
    expect(menu.hidden).toBe(true);
    expect(document.getElementById('after')).toHaveFocus();
  });

  it('closes on Shift+Tab and leaves the focus on its button', () => {
    const { button, menu, key } = page();
    key('Tab', true);
    expect(menu.hidden).toBe(true);
    expect(button).toHaveFocus();
  });
});

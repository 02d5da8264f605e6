import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceLanding } from './enhance.ts';

/** The markup the landing components render (trimmed to what enhance.ts reads). */
const MARKUP = `
  <div data-language-menu>
    <button type="button" aria-haspopup="menu" aria-expanded="false">English</button>
    <div role="menu" hidden>
      <button role="menuitemradio" aria-checked="true" data-language="en" tabindex="-1">English</button>
      <button role="menuitemradio" aria-checked="false" data-language="ar" tabindex="-1">العربية</button>
    </div>
  </div>
  <h1>Title</h1>
  <div role="tablist">
    <button role="tab" id="t1" aria-controls="p1" aria-selected="true" tabindex="0">One</button>
    <button role="tab" id="t2" aria-controls="p2" aria-selected="false" tabindex="-1">Two</button>
  </div>
  <div role="tabpanel" id="p1">first</div>
  <div role="tabpanel" id="p2" hidden>second</div>
  <div data-tooltip><button type="button">Soon</button><span role="tooltip">Coming Soon</span></div>`;

let cleanup = () => {};
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  vi.restoreAllMocks();
});

function setUp() {
  document.documentElement.lang = 'en';
  document.body.innerHTML = MARKUP;
  cleanup = enhanceLanding(document);
  const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
  return {
    $,
    key: (target: Element, key: string) =>
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })),
  };
}

describe('enhanceLanding', () => {
  it('language menu: opens on the current language, Escape and an outside press close it', () => {
    const { $, key } = setUp();
    const button = $('[aria-haspopup="menu"]');
    button.click();
    expect($('[role="menu"]').hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe($('[data-language="en"]'));
    key(document.activeElement!, 'ArrowDown');
    expect(document.activeElement).toBe($('[data-language="ar"]'));
    key(document.activeElement!, 'Escape');
    expect($('[role="menu"]').hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    button.click();
    $('h1').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect($('[role="menu"]').hidden).toBe(true);
  });

  it('choosing the other language stores it in local storage and the cookie, then reloads', () => {
    const { $ } = setUp();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    $<HTMLButtonElement>('[aria-haspopup="menu"]').click();
    $('[data-language="ar"]').click();
    expect(localStorage.getItem('language')).toBe('ar');
    expect(document.cookie).toContain('language=ar');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('tabs: a click and the arrow keys (mirrored right-to-left) select a tab and show its panel', () => {
    const { $, key } = setUp();
    $('#t2').click();
    expect($('#t2').getAttribute('aria-selected')).toBe('true');
    expect($('#p1').hidden).toBe(true);
    expect($('#p2').hidden).toBe(false);
    document.documentElement.dir = 'rtl';
    key($('#t2'), 'ArrowLeft');
    expect($('#t1').getAttribute('aria-selected')).toBe('true');
    expect($('#p1').hidden).toBe(false);
    expect($('#t2').tabIndex).toBe(-1);
  });

  it('tooltip: Escape hides it until the pointer leaves', () => {
    const { $, key } = setUp();
    key($('[data-tooltip] button'), 'Escape');
    expect($('[role="tooltip"]').hidden).toBe(true);
    $('[data-tooltip]').dispatchEvent(new Event('mouseleave'));
    expect($('[role="tooltip"]').hidden).toBe(false);
  });
});

import { expect } from 'vitest';

/**
 * Course text (a title, a description, a name) is isolated in its own direction, inline — a `<bdi>`,
 * or an inline element with `dir="auto"` — so its words and punctuation keep their order whatever the
 * page's language, while `box`, the block holding it, keeps the page's direction (no `dir` of its
 * own) and with it the page's alignment: an English title in the Arabic interface starts at the right.
 */
export function expectIsolatedInline(text: HTMLElement, box: HTMLElement, dir: 'auto' | 'rtl' = 'auto') {
  const isolates =
    text.getAttribute('dir') === dir ||
    (dir === 'auto' && text.tagName === 'BDI' && !text.hasAttribute('dir'));
  expect(isolates, `${text.outerHTML} isolates its text, direction ${dir}`).toBe(true);
  // Inline: a block in the text's own direction would also take that direction's alignment.
  expect(text.tagName === 'BDI' || text.tagName === 'SPAN', `${text.outerHTML} is inline`).toBe(true);
  expect(text).not.toHaveClass('block');
  expect(text).not.toBe(box);
  expect(box).toContainElement(text);
  expect(box).not.toHaveAttribute('dir');
}

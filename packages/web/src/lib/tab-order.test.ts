import { afterEach, describe, expect, it } from 'vitest';
import { nextTabbable } from './tab-order.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('nextTabbable', () => {
  it('skips what Tab skips: disabled, hidden, inert, negative tabindex, hidden inputs, its own content', () => {
    document.body.innerHTML = `
      <button id="from"><span tabindex="0">inside</span></button>
      <button disabled>off</button>
      <div hidden><a href="/x">hidden</a></div>
      <div inert><input /></div>
      <fieldset disabled><input /></fieldset>
      <span tabindex="-1">by code only</span>
      <input type="hidden" />
      <a>no href</a>
      <a href="/next" id="next">next</a>`;
    expect(nextTabbable(document.getElementById('from')!)?.id).toBe('next');
  });

  it('answers null at the end of the page', () => {
    document.body.innerHTML = `<a href="/a">a</a><button id="last">last</button>`;
    expect(nextTabbable(document.getElementById('last')!)).toBeNull();
  });
});

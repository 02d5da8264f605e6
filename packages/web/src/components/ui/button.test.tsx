import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { compile } from 'tailwindcss';
import { describe, expect, it } from 'vitest';
import { Button, buttonClass } from './button.tsx';

/** The app's stylesheet as the build makes it for `classes` (its fonts left out). */
async function stylesheetFor(classes: string[]) {
  const tailwind = join(
    dirname(createRequire(import.meta.url).resolve('tailwindcss/package.json')),
    'index.css',
  );
  const compiler = await compile(readFileSync(join(import.meta.dirname, '../../styles.css'), 'utf8'), {
    base: import.meta.dirname,
    loadStylesheet: async (id: string, base: string) => ({
      path: id,
      base,
      content: id === 'tailwindcss' ? readFileSync(tailwind, 'utf8') : '',
    }),
  });
  return compiler.build(classes);
}

describe('Button', () => {
  it('looks unavailable when disabled, whatever its variant (an outlined one looked pressable)', () => {
    render(
      <>
        {(['primary', 'secondary', 'danger', 'ghost'] as const).map((variant) => (
          <Button key={variant} variant={variant} disabled>
            {variant}
          </Button>
        ))}
      </>,
    );
    for (const variant of ['primary', 'secondary', 'danger', 'ghost']) {
      const button = screen.getByRole('button', { name: variant });
      expect(button).toBeDisabled();
      expect(button).toHaveClass('disabled:opacity-60');
    }
  });

  // The test page runs no transitions (nor Tailwind), so this reads the CSS the build draws the
  // buttons with: `transition-colors` faded the ring in from the text colour, white on a filled one.
  it('shows the focus ring at once: its colour is not faded in with the hover colours', async () => {
    const variants = ['primary', 'secondary', 'danger', 'ghost'] as const;
    const css = await stylesheetFor(variants.flatMap((variant) => buttonClass(variant).split(' ')));
    const transitions = [...css.matchAll(/transition-property:\s*([^;}]*)/g)].map((match) =>
      match[1]!.trim().split(/\s*,\s*/),
    );
    expect(transitions).not.toEqual([]);
    for (const properties of transitions) expect(properties).not.toContain('outline-color');
    expect(transitions.flat()).not.toContain('all');
    // Hover still fades the background.
    expect(transitions.flat()).toContain('background-color');
  });

  // The same fade on any other pressable thing (the sign-up role cards had it too): the ring is drawn
  // by styles.css for every focusable element, so no source may fade `outline-color` with the rest.
  it('no component fades the focus ring with `transition-colors`', () => {
    const root = join(import.meta.dirname, '../..');
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => /\btransition-colors\b/.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

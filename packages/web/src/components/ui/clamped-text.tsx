import type { ReactNode } from 'react';

// Literal class names, so Tailwind finds them. Both need `max-w-full`: the box's fit-content width
// is never below its longest word (`overflow-wrap: break-word` breaks a word only once the box is
// narrower), so one line unwrapped, or a pasted link in three, ran past the card uncut.
const CLAMP = { 1: 'block max-w-full truncate', 3: 'max-w-full line-clamp-3' } as const;

/**
 * User text cut to `lines` lines with an ellipsis (decision 115). The text takes its own direction
 * (`dir="auto"`), so the "…" ends it: an English title's end is its right, on an Arabic page too.
 * The box is only as wide as the text, up to the line, and sits inside a block that keeps the page's
 * direction, so a short text still starts where the page starts (Chromium draws no "…" on a line
 * aligned against its direction, so aligning a full-width box to the page would lose it).
 */
export function ClampedText({ lines, children }: { lines: keyof typeof CLAMP; children: ReactNode }) {
  return (
    <span dir="auto" className={`w-fit ${CLAMP[lines]}`}>
      {children}
    </span>
  );
}

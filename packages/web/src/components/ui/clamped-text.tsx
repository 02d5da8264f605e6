import type { ReactNode } from 'react';

// Literal class names, so Tailwind finds them. All need `max-w-full` (on the box below): the box's
// fit-content width is never below its longest word (`overflow-wrap: break-word` breaks a word only
// once the box is narrower), so a pasted link ran past the card uncut. '2 below lg' is the viewer's
// title: two lines below 1024 px, where one showed a phone a few words and the rest was only in a
// `title` attribute, which touch cannot show; one beside the header's panel (decision 115's
// `truncate` line, retired). 'all below lg' is that title while the ⋮ panel is open: the whole text
// (a block still, so it sits and aligns as the clamped box does), and one line again from 1024 px,
// where the panel is always shown beside it.
const CLAMP = {
  '2 below lg': 'line-clamp-2 lg:line-clamp-1',
  'all below lg': 'block lg:line-clamp-1',
  3: 'line-clamp-3',
} as const;

/**
 * User text cut to `lines` lines with an ellipsis (decision 115). The text takes its own direction
 * (`dir="auto"`, or `rtl` when it is known to be Arabic: decision 177), so the "…" ends it: an English title's end is its right, on an Arabic page too.
 * The box is only as wide as the text, up to the line, and sits inside a block that keeps the page's
 * direction, so a short text still starts where the page starts (Chromium draws no "…" on a line
 * aligned against its direction, so aligning a full-width box to the page would lose it).
 */
export function ClampedText({
  lines,
  dir = 'auto',
  children,
}: {
  lines: keyof typeof CLAMP;
  /** `rtl` for text known to be Arabic (`dirOf`), whose first word may be Latin. */
  dir?: 'rtl' | 'auto';
  children: ReactNode;
}) {
  return (
    <span dir={dir} className={`w-fit max-w-full ${CLAMP[lines]}`}>
      {children}
    </span>
  );
}

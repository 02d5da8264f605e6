/**
 * The public pages' rules: small, self-contained, logical properties only so the same rules lay out
 * English and Arabic. The web app's faces (Inter for English, Cairo for Arabic, decision 048) come
 * first in the served file, copied from its build (public-courses.assets.ts, decision 110); without
 * a build the same rules fall back to the system's fonts. Served from our origin as one cached file,
 * lighter than repeating it in every page.
 */
export const PUBLIC_CSS = `
:root { --brand: #009985; --brand-dark: #007a6a; --brand-darker: #00604f; --brand-light: #e6f5f3;
  --ink: #1f2933; --muted: #52606d; --line: #d9e2ec; color-scheme: light; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
/* The authors' text may hold a word longer than any box (a pasted link, a run of letters): it breaks
   anywhere rather than widening the page past the phone's screen. */
/* A column as tall as the window at least: on a short page the footer sits at its bottom. */
body { margin: 0; color: var(--ink); background: #f7f9fa; line-height: 1.6; overflow-wrap: anywhere;
  display: flex; flex-direction: column; min-block-size: 100vh; min-block-size: 100dvh;
  font-family: 'Inter', 'Cairo', ui-sans-serif, system-ui, sans-serif; }
/* Arabic text in Cairo first, whatever the page's language (as the web app's styles.css). */
:lang(ar) { font-family: 'Cairo', 'Inter', ui-sans-serif, system-ui, sans-serif; }
a { color: var(--brand-darker); }
:focus-visible { outline: 3px solid var(--brand-dark); outline-offset: 2px; }
.sr-only { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; inset-inline-start: 1rem; inset-block-start: -3rem; background: #fff; padding: .5rem 1rem; z-index: 1; }
.skip:focus { inset-block-start: 1rem; }
/* The header: the logo, the language, then the links. One row where they fit; on a phone two, the
   logo and the language above the links (the order they are read in). */
header.site { background: #fff; border-block-end: 1px solid var(--line); }
.bar { max-inline-size: 72rem; margin-inline: auto; padding: .75rem 1.25rem; display: flex; flex-wrap: wrap;
  align-items: center; gap: .5rem 1rem; }
/* From no width up, so the language stays beside it on a phone and the community's name wraps; and no
   wider than its content, so the link is only as wide as the logo and name, and the language's auto
   margin takes the rest of the row. */
.brand { display: inline-flex; align-items: center; gap: .5rem; flex: 1 1 0; max-inline-size: max-content;
  text-decoration: none; border-radius: .4rem; }
.brand svg { flex: none; inline-size: 2.25rem; block-size: 2.25rem; }
.brand span { display: flex; flex-direction: column; line-height: 1.25; }
.brand b { font-size: 1.125rem; letter-spacing: .025em; color: var(--brand-darker); }
.brand small { font-size: .75rem; color: var(--muted); }
nav.site { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; }
nav.site a, .language { font-size: .875rem; font-weight: 600; text-decoration: none; }
nav.site a:not(.button) { color: var(--ink); padding-block: .5rem; }
nav.site a:not(.button):hover { color: var(--brand-darker); text-decoration: underline; }
.language { display: inline-flex; align-items: center; gap: .4rem; min-block-size: 2.5rem; padding: .4rem .75rem;
  border: 1px solid #d1d5db; border-radius: .4rem; color: var(--ink); margin-inline-start: auto; }
.language svg { inline-size: 1rem; block-size: 1rem; }
.language:hover { background: #f3f4f6; }
.button { display: inline-flex; align-items: center; justify-content: center; min-block-size: 2.75rem;
  padding: .6rem 1.25rem; border-radius: .4rem; border: 1px solid var(--brand-dark); background: var(--brand-dark);
  color: #fff; font-weight: 700; text-decoration: none; }
.button:hover { background: var(--brand-darker); }
nav.site .button { min-block-size: 2.5rem; padding: .4rem 1rem; }
nav.site .button.outline { background: #fff; color: var(--brand-darker); }
nav.site .button.outline:hover { background: var(--brand-light); }
@media (max-width: 52rem) {
  nav.site { flex-basis: 100%; gap: .5rem .75rem; }
  nav.site .courses { margin-inline-end: auto; }
  nav.site .button { padding-inline: .75rem; }
}
main { display: block; flex: 1 0 auto; }
/* Above a page's last copy while the database is away (decision 158): in the page's column. */
.copy-notice { background: #fff8e1; border-block-end: 1px solid #f0d58c; }
.copy-notice p { max-inline-size: 72rem; margin: 0 auto; padding: .75rem 1.25rem; }
.wrap { max-inline-size: 72rem; margin-inline: auto; padding: 2rem 1.25rem 3rem; }
h1 { font-size: clamp(1.6rem, 4vw, 2.4rem); line-height: 1.25; margin-block: 0 .75rem; }
h2 { font-size: 1.35rem; margin-block: 2rem .75rem; }
.lead { font-size: 1.1rem; margin-block: 0 1.25rem; }
.muted { color: var(--muted); }
.small { font-size: .9rem; }
.cards { list-style: none; padding: 0; margin: 0; display: grid; gap: 1.25rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr)); }
.card { background: #fff; border: 1px solid var(--line); border-radius: .75rem; padding: 1.25rem;
  display: flex; flex-direction: column; gap: .5rem; }
.card h2 { margin: 0; font-size: 1.2rem; }
.card p { margin: 0; }
.card .cover { inline-size: 100%; aspect-ratio: 16 / 9; object-fit: cover; border-radius: .5rem; background: var(--brand-light); }
.byline { font-size: .95rem; }
.license { display: inline-flex; flex-wrap: wrap; align-items: center; gap: .5rem; font-size: .9rem; }
.license img { block-size: 20px; inline-size: auto; }
.pager { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: center; margin-block-start: 2rem; }
.pager a { font-weight: 600; text-decoration: none; padding-block: .5rem; }
.pager a:hover { text-decoration: underline; }
.hero { display: grid; gap: 1.5rem; align-items: start; }
.hero .cover { inline-size: 100%; aspect-ratio: 16 / 9; object-fit: cover; border-radius: .75rem; background: var(--brand-light); }
@media (min-width: 56rem) { .hero { grid-template-columns: 3fr 2fr; } }
.facts { display: grid; gap: .5rem; margin: 0 0 1.25rem; }
.facts div { display: flex; flex-wrap: wrap; gap: .25rem .75rem; }
.facts dt { font-weight: 700; min-inline-size: 6rem; }
.facts dd { margin: 0; }
.enrol { display: flex; flex-wrap: wrap; align-items: center; gap: .75rem 1.25rem; }
.sections { list-style: none; padding: 0; margin: 0; display: grid; gap: 1rem; counter-reset: section; }
.section { background: #fff; border: 1px solid var(--line); border-radius: .75rem; padding: 1rem 1.25rem; }
.section h3 { margin: 0 0 .25rem; font-size: 1.1rem; }
.section > p { margin: 0 0 .5rem; }
.lessons { list-style: none; padding: 0; margin: 0; display: grid; gap: .4rem; }
.lessons li { display: flex; gap: .6rem; align-items: baseline; }
.kind { flex: none; font-size: .8rem; font-weight: 700; padding: .05rem .5rem; border-radius: 999px;
  background: var(--brand-light); color: var(--brand-darker); }
footer.site { border-block-start: 1px solid var(--line); background: #fff; }
footer.site p { max-inline-size: 72rem; margin-inline: auto; padding: 1.25rem; color: var(--muted); font-size: .9rem; }
`;

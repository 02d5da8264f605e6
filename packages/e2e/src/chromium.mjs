/**
 * The browser of every check that drives one: the e2e specs (playwright.config.ts) and `npm run perf`
 * (scripts/perf.mjs). JavaScript, not TypeScript, because the perf script runs on plain Node 20.
 * Debian's Chromium (override with CHROMIUM_PATH); no browser is ever downloaded.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless and without the first-run screens, sync, component updates, background requests or QUIC,
 * so that nothing but the page under test uses the network or the CPU.
 */
export const CHROMIUM_FLAGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

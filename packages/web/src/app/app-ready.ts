/**
 * Announced once the app has put its first screen on the page (hydrated or rendered from scratch):
 * the prerendered page's early module (before-hydration.ts) then hands its queued input over
 * (decision 037). Kept free of imports so that module stays tiny.
 */
export const APP_READY = 'app:ready';

export function announceAppReady() {
  document.documentElement.dataset.ready = '';
  document.dispatchEvent(new Event(APP_READY));
}

export const isAppReady = () => document.documentElement.hasAttribute('data-ready');

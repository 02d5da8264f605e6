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

/**
 * Marks the message a prerendered page holds hidden for when the app's script cannot be fetched
 * (decision 140): the early module shows it; the app, once running, never does.
 */
export const APP_FAILED = 'data-app-failed';

import { describe, expect, it, vi } from 'vitest';

/** The Arabic learner catalog, which the browser cannot fetch while `learner.reachable` is false. */
const learner = vi.hoisted(() => ({ reachable: false }));
vi.mock('../locales/ar/learner.po', async (original) => {
  if (!learner.reachable)
    throw new TypeError('Failed to fetch dynamically imported module: /assets/learner.js');
  return original();
});

describe('a catalog that could not be fetched', () => {
  it('is fetched again by the next call, not taken for loaded (a route waiting for the server)', async () => {
    // A module of its own: the test setup has every catalog in use in the shared one.
    vi.resetModules();
    const { activateLanguage, requireCatalogs } = await import('./i18n.ts');
    const { i18n } = await import('@lingui/core');
    await activateLanguage('ar');
    await expect(requireCatalogs('learner')).rejects.toThrow();
    learner.reachable = true;
    await requireCatalogs('learner');
    expect(JSON.stringify(i18n.messages)).toContain('الدورات المتاحة');
  });
});

/** The part of the Web Storage interface the app uses. */
export interface KeptValues {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
  /** Every key stored. */
  keys(): string[];
}

function inMemory(): KeptValues {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
    keys: () => [...values.keys()],
  };
}

/**
 * The browser's storage, or, once reading it has thrown, a copy in memory for the rest of the page's
 * life (decision 157). A browser that blocks the site's data (Chromium's and Safari's "block all
 * cookies", some embedded browsers) throws a `SecurityError` at the mere `window.localStorage`: the app
 * died at start and signing in did nothing. Now it works within the tab and forgets on reload. A write
 * that fails on a storage that exists (full) still throws, for the caller to decide.
 */
function kept(kind: 'localStorage' | 'sessionStorage'): KeptValues & { inMemory(): boolean } {
  let fallback: KeptValues | null = null;
  const store = (): Storage | KeptValues => {
    if (fallback) return fallback;
    try {
      return window[kind];
    } catch {
      return (fallback = inMemory());
    }
  };
  return {
    /** Whether the browser refused this storage, so what is kept ends with the page. */
    inMemory: () => store() === fallback,
    getItem: (key) => store().getItem(key),
    setItem: (key, value) => store().setItem(key, value),
    removeItem: (key) => store().removeItem(key),
    clear: () => store().clear(),
    // A Storage lists its keys as its own properties.
    keys: () => {
      const values = store();
      return values === fallback ? fallback.keys() : Object.keys(values);
    },
  };
}

export const localStore = kept('localStorage');
export const sessionStore = kept('sessionStorage');

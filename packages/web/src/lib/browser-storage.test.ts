import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: which storage it uses is decided at its first refused read. */
const load = async () => {
  vi.resetModules();
  return import('./browser-storage.ts');
};

const refuse = (kind: 'localStorage' | 'sessionStorage') =>
  vi.spyOn(window, kind, 'get').mockImplementation(() => {
    throw new DOMException(`Failed to read the '${kind}' property from 'Window'`, 'SecurityError');
  });

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('browser storage (decision 157)', () => {
  it('reads and writes the browser’s own storages while it allows them', async () => {
    const { localStore, sessionStore } = await load();
    localStore.setItem('auth_token', 't');
    sessionStore.setItem('reset_token', 'r');
    expect(localStorage.getItem('auth_token')).toBe('t');
    expect(sessionStorage.getItem('reset_token')).toBe('r');
    expect(localStore.inMemory()).toBe(false);
    localStorage.setItem('language', 'ar');
    expect(localStore.getItem('language')).toBe('ar');
    expect(localStore.keys().sort()).toEqual(['auth_token', 'language']);
    localStore.removeItem('auth_token');
    expect(localStorage.getItem('auth_token')).toBeNull();
    sessionStore.clear();
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps values in memory for the page once the browser refuses its storage, without throwing', async () => {
    const { localStore, sessionStore } = await load();
    refuse('localStorage');
    refuse('sessionStorage');
    expect(() => window.localStorage).toThrow(DOMException);

    expect(localStore.getItem('auth_token')).toBeNull();
    expect(localStore.inMemory()).toBe(true);
    localStore.setItem('auth_token', 't');
    localStore.setItem('user_id', 'u');
    expect(localStore.getItem('auth_token')).toBe('t');
    expect(localStore.keys()).toEqual(['auth_token', 'user_id']);
    localStore.removeItem('auth_token');
    expect(localStore.getItem('auth_token')).toBeNull();
    localStore.clear();
    expect(localStore.keys()).toEqual([]);

    sessionStore.setItem('course-draft:new:q1', '{}');
    expect(sessionStore.keys()).toEqual(['course-draft:new:q1']);
    // The two are apart, as the browser's are.
    expect(localStore.getItem('course-draft:new:q1')).toBeNull();
  });

  it('stays with the copy in memory once it has begun, so nothing written is read from elsewhere', async () => {
    const { localStore } = await load();
    const refused = refuse('localStorage');
    localStore.setItem('auth_token', 'in memory');
    refused.mockRestore(); // the storage answers again
    localStorage.setItem('auth_token', 'in the browser');
    expect(localStore.getItem('auth_token')).toBe('in memory');
  });

  it('lets a write the browser refuses for want of room throw, for the caller to decide', async () => {
    const { localStore } = await load();
    const full = {
      setItem() {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    vi.spyOn(window, 'localStorage', 'get').mockReturnValue(full as unknown as Storage);
    expect(() => localStore.setItem('course-draft:new', 'x')).toThrow('quota');
  });
});

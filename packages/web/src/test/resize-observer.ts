import { vi } from 'vitest';

/**
 * A ResizeObserver the test drives (stubbed as a global; `vi.unstubAllGlobals()` removes it): happy-dom
 * lays nothing out, so the test says which height an observed element has taken, and the observers
 * watching it are called back as a browser calls them after layout.
 */
export function fakeResizeObserver() {
  const observers = new Set<FakeResizeObserver>();
  class FakeResizeObserver {
    readonly targets = new Set<Element>();
    constructor(readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.targets.add(target);
      observers.add(this);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
      observers.delete(this);
    }
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return {
    /** Whether any observer watches `target`. */
    observes: (target: Element) => [...observers].some((observer) => observer.targets.has(target)),
    /** `target`'s border box is now `blockSize` px high: its observers hear it. */
    resize(target: Element, blockSize: number) {
      const size = { blockSize, inlineSize: 320 };
      const entry = {
        target,
        borderBoxSize: [size],
        contentBoxSize: [size],
        devicePixelContentBoxSize: [size],
        contentRect: new DOMRect(0, 0, 320, blockSize),
      } as unknown as ResizeObserverEntry;
      for (const observer of observers)
        if (observer.targets.has(target)) observer.callback([entry], observer);
    },
  };
}

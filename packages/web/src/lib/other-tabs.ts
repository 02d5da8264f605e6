import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';

/** The channel's name: it reaches this site's other tabs and windows in this browser, nothing else. */
export const OTHER_TABS_CHANNEL = 'osc-changed-reads';

// Opened on first use, not on import: the prerender imports modules under Node, where an open channel
// would keep the process running.
let channel: BroadcastChannel | null | undefined;
const opened = () =>
  (channel ??= typeof BroadcastChannel === 'function' ? new BroadcastChannel(OTHER_TABS_CHANNEL) : null);

/**
 * Tells this site's other tabs that what the reads under `keys` hold has changed here (a quiz answered,
 * a lesson done, a course joined, a course written or reviewed): each marks those reads stale and
 * makes again the ones it shows (decision 215). Each tab used to keep what it had been shown until a
 * reload, so two tabs of one course showed two best scores. A channel never hands a message back to
 * its sender.
 */
export function changedInOtherTabs(keys: readonly QueryKey[]): void {
  opened()?.postMessage(keys);
}

/**
 * A write made here changed what the reads under `keys` hold: marks them stale here (making again the
 * ones shown) and in the other tabs. The staff's course writes use it; the learner's, which update
 * some reads in place, tell the other tabs themselves.
 */
export async function changedHereAndInOtherTabs(
  client: QueryClient,
  keys: readonly QueryKey[],
): Promise<void> {
  changedInOtherTabs(keys);
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** Listens for the other tabs' changes to `client`'s reads. Returns what stops it. */
export function followOtherTabs(client: QueryClient): () => void {
  const listening = opened();
  if (!listening) return () => {};
  const onMessage = (event: MessageEvent<unknown>) => {
    if (!Array.isArray(event.data)) return;
    for (const queryKey of event.data as unknown[]) {
      if (Array.isArray(queryKey)) void client.invalidateQueries({ queryKey: queryKey as QueryKey });
    }
  };
  listening.addEventListener('message', onMessage);
  return () => listening.removeEventListener('message', onMessage);
}

// Every tab listens once this module is loaded: the learner's writes import it, and it sits in the
// first screens' shared chunk. Installed here, not by the data layout: that cost the sign-in pages
// 0.2 kB more (decision 215).
if (!import.meta.env.SSR) followOtherTabs(queryClient);

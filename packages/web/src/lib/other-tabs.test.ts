import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import {
  changedHereAndInOtherTabs,
  changedInOtherTabs,
  followOtherTabs,
  OTHER_TABS_CHANNEL,
} from './other-tabs.ts';

const shown = ['learner', 'progress', 'shown'] as const;
const listPage = ['learner', 'course-lists', 'page-1'] as const;
const otherCourse = ['learner', 'progress', 'other'] as const;

/** A client that shows `shown` (fetched by a counter, never stale by itself) and holds two reads off screen. */
async function tab() {
  const client = new QueryClient();
  let fetches = 0;
  const observer = new QueryObserver(client, {
    queryKey: shown,
    queryFn: () => (fetches += 1),
    staleTime: Infinity,
  });
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(fetches).toBe(1));
  client.setQueryData(listPage, 'page');
  client.setQueryData(otherCourse, 'other');
  const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;
  return { client, fetches: () => fetches, invalidated, unsubscribe };
}

const channels: BroadcastChannel[] = [];
/** Another tab of the site, as the channel sees it. */
function otherTab() {
  const channel = new BroadcastChannel(OTHER_TABS_CHANNEL);
  channels.push(channel);
  return channel;
}
afterEach(() => channels.splice(0).forEach((channel) => channel.close()));

describe('other tabs', () => {
  it('marks the reads another tab names as stale and makes again the one shown, and no others', async () => {
    const here = await tab();
    const stop = followOtherTabs(here.client);
    const there = otherTab();

    there.postMessage([shown, ['learner', 'course-lists']]);
    await vi.waitFor(() => expect(here.fetches()).toBe(2));
    expect(here.invalidated(listPage)).toBe(true); // off screen: fetched when next shown
    expect(here.invalidated(otherCourse)).toBe(false);

    // What is not a list of keys changes nothing.
    there.postMessage('learner');
    there.postMessage([42, null]);
    there.postMessage({ queryKey: shown });
    stop();
    there.postMessage([shown]); // after stopping, heard no more
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(here.fetches()).toBe(2);
    here.unsubscribe();
  });

  it('tells the other tabs what changed here, and never hands a tab its own change', async () => {
    const here = await tab();
    const stop = followOtherTabs(here.client);
    const heard: unknown[] = [];
    otherTab().addEventListener('message', (event) => heard.push(event.data));

    changedInOtherTabs([shown, listPage]);
    await vi.waitFor(() => expect(heard).toEqual([[shown, listPage]]));
    expect(here.fetches()).toBe(1);
    expect(here.invalidated(listPage)).toBe(false);
    stop();
    here.unsubscribe();
  });

  it('a staff write marks its reads stale here, the shown one made again, and tells the other tabs', async () => {
    const here = await tab();
    const heard: unknown[] = [];
    otherTab().addEventListener('message', (event) => heard.push(event.data));

    await changedHereAndInOtherTabs(here.client, [['learner', 'progress']]);
    expect(here.fetches()).toBe(2); // made again before the write's promise settles
    expect(here.invalidated(otherCourse)).toBe(true);
    expect(here.invalidated(listPage)).toBe(false);
    await vi.waitFor(() => expect(heard).toEqual([[['learner', 'progress']]]));
    here.unsubscribe();
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { activateLanguage } from '../i18n/i18n.ts';
import { apiFetch } from './api-client.ts';
import { recoverAfterOutages } from './outage-recovery.ts';

beforeAll(() => activateLanguage('en'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const envelope = (code: string) => JSON.stringify({ success: false, code, message: 'm' });
const answers = {
  away: () => new Response(envelope('DATABASE_UNAVAILABLE'), { status: 503 }),
  broken: () => new Response(envelope('INTERNAL'), { status: 500 }),
  ok: () => new Response(JSON.stringify({ success: true, data: ['course'] }), { status: 200 }),
};

/** A server whose health and catalogue answer as `state` says; the times health was asked. */
function server(state: { health: () => Response; catalogue: () => Response }) {
  const asked: number[] = [];
  const started = Date.now();
  vi.stubGlobal('fetch', async (input: string) => {
    if (input.endsWith('/health')) {
      asked.push(Date.now() - started);
      return state.health();
    }
    return state.catalogue();
  });
  return asked;
}

/** A catalogue read on screen (an observer: the page shows it), retried by no policy of its own. */
function onScreen(client: QueryClient) {
  const observer = new QueryObserver(client, {
    queryKey: ['catalogue'],
    queryFn: () => apiFetch('/course/approved'),
    retry: false,
  });
  const stop = observer.subscribe(() => {});
  return { observer, stop };
}

describe('a screen that failed because the server was away (decision 160)', () => {
  it('reads again by itself once the server answers, asking its health after 5, 10, 20 s', async () => {
    vi.useFakeTimers();
    const state = { health: answers.away, catalogue: answers.away };
    const asked = server(state);
    const client = new QueryClient();
    const stopRecovery = recoverAfterOutages(client);
    const { observer, stop } = onScreen(client);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().status).toBe('error');

    await vi.advanceTimersByTimeAsync(15_000);
    expect(asked).toEqual([5_000, 15_000]);
    state.health = answers.ok;
    state.catalogue = answers.ok;
    await vi.advanceTimersByTimeAsync(19_999);
    expect(observer.getCurrentResult().status).toBe('error');
    await vi.advanceTimersByTimeAsync(1);
    expect(observer.getCurrentResult().data).toEqual({ success: true, data: ['course'] });
    // Nothing left waiting: no more health checks.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(asked).toEqual([5_000, 15_000, 35_000]);
    stop();
    stopRecovery();
  });

  it('asks at most every 30 s however long the server stays away', async () => {
    vi.useFakeTimers();
    const asked = server({ health: answers.away, catalogue: answers.away });
    const client = new QueryClient();
    const stopRecovery = recoverAfterOutages(client);
    const { stop } = onScreen(client);
    await vi.advanceTimersByTimeAsync(125_000);
    expect(asked).toEqual([5_000, 15_000, 35_000, 65_000, 95_000, 125_000]);
    stop();
    stopRecovery();
  });

  it('waits for nothing after another failure, or for a read no screen shows any more', async () => {
    vi.useFakeTimers();
    const state = { health: answers.ok, catalogue: answers.broken };
    const asked = server(state);
    const client = new QueryClient();
    const stopRecovery = recoverAfterOutages(client);
    const broken = onScreen(client);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(broken.observer.getCurrentResult().status).toBe('error');
    expect(asked).toEqual([]);
    broken.stop();

    state.catalogue = answers.away;
    client.clear();
    const left = onScreen(client);
    await vi.advanceTimersByTimeAsync(0);
    left.stop(); // the reader went elsewhere before the server came back
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toEqual([]);
    stopRecovery();
  });
});

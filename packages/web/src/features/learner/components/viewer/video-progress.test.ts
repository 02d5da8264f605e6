import { describe, expect, it } from 'vitest';
import {
  emptyWatch,
  hasWatched,
  parsePlayerMessage,
  recordPlayback,
  watchedShare,
  type PlayerInfo,
} from './video-progress.ts';

const info = (currentTime: number, duration = 100) =>
  JSON.stringify({ event: 'infoDelivery', info: { currentTime, duration }, id: 1, channel: 'widget' });

/** Plays from `from` to `to` seconds, reporting every quarter second as the player does. */
function play(from: number, to: number, state = emptyWatch()) {
  let next = state;
  for (let time = from; time <= to; time += 0.25)
    next = recordPlayback(next, parsePlayerMessage(info(time)) as PlayerInfo);
  return next;
}

describe('parsePlayerMessage', () => {
  it('reads currentTime and duration from infoDelivery and initialDelivery', () => {
    expect(parsePlayerMessage(info(12.5, 300))).toEqual({ currentTime: 12.5, duration: 300 });
    expect(
      parsePlayerMessage(JSON.stringify({ event: 'initialDelivery', info: { duration: 60, volume: 100 } })),
    ).toEqual({ duration: 60 });
  });

  it('ignores other events, objects, broken JSON and bad numbers', () => {
    expect(parsePlayerMessage(JSON.stringify({ event: 'onReady', info: null }))).toBeNull();
    expect(parsePlayerMessage({ event: 'infoDelivery', info: { currentTime: 1 } })).toBeNull();
    expect(parsePlayerMessage('{not json')).toBeNull();
    expect(parsePlayerMessage('null')).toBeNull();
    expect(
      parsePlayerMessage(JSON.stringify({ event: 'infoDelivery', info: { currentTime: -1, duration: 'x' } })),
    ).toBeNull();
    expect(
      parsePlayerMessage(JSON.stringify({ event: 'infoDelivery', info: { playerState: 1 } })),
    ).toBeNull();
  });
});

describe('watched share', () => {
  it('is 0 until the duration is known', () => {
    expect(watchedShare(recordPlayback(emptyWatch(), { currentTime: 5 }))).toBe(0);
  });

  it('counts continuous playback and reaches "watched" at 90 %', () => {
    expect(hasWatched(play(0, 88))).toBe(false);
    expect(watchedShare(play(0, 88))).toBeCloseTo(0.88, 2);
    expect(hasWatched(play(0, 90))).toBe(true);
  });

  it('does not count seconds skipped by seeking to the end', () => {
    const seeked = play(95, 100, play(0, 10));
    expect(watchedShare(seeked)).toBeCloseTo(0.15, 2);
    expect(hasWatched(seeked)).toBe(false);
  });

  it('counts a part watched twice once', () => {
    const twice = play(0, 50, play(0, 50));
    expect(watchedShare(twice)).toBeCloseTo(0.5, 2);
  });

  it('keeps the duration from an earlier report', () => {
    const state = recordPlayback(recordPlayback(emptyWatch(), { duration: 10 }), { currentTime: 0 });
    expect(recordPlayback(state, { currentTime: 2 }).duration).toBe(10);
  });
});

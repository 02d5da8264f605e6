/**
 * How much of a YouTube video the learner has watched, from the embed's postMessage protocol
 * (`enablejsapi=1`): after the page says `listening`, the player posts JSON strings such as
 * `{"event":"infoDelivery","info":{"currentTime":12.5,"duration":300}}`. Decision 033.
 */

/** A video counts as watched from this share of its seconds. */
export const WATCHED_SHARE = 0.9;

/**
 * The longest gap between two reports that still counts as playback (the player reports about every
 * quarter second, up to 2× speed); a longer jump is a seek, and skipped seconds are not watched.
 */
const MAX_STEP_SECONDS = 3;

export interface WatchState {
  /** Whole seconds of the video seen at least once (so watching a part twice counts once). */
  seen: ReadonlySet<number>;
  /** The last reported position, null before the first report. */
  position: number | null;
  duration: number;
}

export const emptyWatch = (): WatchState => ({ seen: new Set(), position: null, duration: 0 });

export interface PlayerInfo {
  currentTime?: number;
  duration?: number;
}

const finiteNonNegative = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The playback fields of one player message, or null for anything else (other events, other senders' junk). */
export function parsePlayerMessage(data: unknown): PlayerInfo | null {
  if (typeof data !== 'string' || data.length > 100_000) return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { event, info } = message as { event?: unknown; info?: unknown };
  if ((event !== 'infoDelivery' && event !== 'initialDelivery') || typeof info !== 'object' || !info)
    return null;
  const { currentTime, duration } = info as { currentTime?: unknown; duration?: unknown };
  const parsed: PlayerInfo = {};
  if (finiteNonNegative(currentTime)) parsed.currentTime = currentTime;
  if (finiteNonNegative(duration)) parsed.duration = duration;
  return 'currentTime' in parsed || 'duration' in parsed ? parsed : null;
}

/** The state after one report: the seconds between the previous and this position are seen, unless it was a seek. */
export function recordPlayback(state: WatchState, info: PlayerInfo): WatchState {
  const duration = info.duration && info.duration > 0 ? info.duration : state.duration;
  if (info.currentTime === undefined) return { ...state, duration };
  const position = info.currentTime;
  const previous = state.position;
  if (previous === null || position <= previous || position - previous > MAX_STEP_SECONDS)
    return { ...state, position, duration };
  const seen = new Set(state.seen);
  for (let second = Math.floor(previous); second < Math.ceil(position); second += 1) seen.add(second);
  return { seen, position, duration };
}

/** The share (0..1) of the video's seconds seen; 0 while the duration is unknown. */
export function watchedShare(state: WatchState): number {
  if (state.duration <= 0) return 0;
  return Math.min(1, state.seen.size / Math.ceil(state.duration));
}

export const hasWatched = (state: WatchState) => watchedShare(state) >= WATCHED_SHARE;

import { useEffect, useRef, type RefObject } from 'react';
import { emptyWatch, hasWatched, parsePlayerMessage, recordPlayback } from './video-progress.ts';

/** How often to say "listening" until the player answers (it ignores messages sent before it loaded). */
const LISTEN_RETRY_MS = 1000;
const LISTEN_ATTEMPTS = 30;

/**
 * Calls `onWatched` once when the learner has watched 90 % of the embedded video. Only messages from
 * this frame's window and the player's origin count; nothing is loaded from YouTube beyond the frame
 * itself, so the page's content-security policy stays as strict as before (decision 033).
 */
export function useVideoWatched(
  frame: RefObject<HTMLIFrameElement | null>,
  playerOrigin: string | null,
  onWatched: () => void,
) {
  const callback = useRef(onWatched);
  useEffect(() => {
    callback.current = onWatched;
  }, [onWatched]);

  useEffect(() => {
    const iframe = frame.current;
    if (!iframe || !playerOrigin) return;
    let state = emptyWatch();
    let heard = false;
    let done = false;
    let attempts = 0;
    const listen = () =>
      iframe.contentWindow?.postMessage(
        JSON.stringify({ event: 'listening', id: 1, channel: 'widget' }),
        playerOrigin,
      );
    const timer = window.setInterval(() => {
      attempts += 1;
      if (heard || attempts > LISTEN_ATTEMPTS) window.clearInterval(timer);
      else listen();
    }, LISTEN_RETRY_MS);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== playerOrigin || event.source !== iframe.contentWindow) return;
      const info = parsePlayerMessage(event.data);
      if (!info) return;
      heard = true;
      state = recordPlayback(state, info);
      if (!done && hasWatched(state)) {
        done = true;
        callback.current();
      }
    };
    window.addEventListener('message', onMessage);
    iframe.addEventListener('load', listen);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('message', onMessage);
      iframe.removeEventListener('load', listen);
    };
  }, [frame, playerOrigin]);
}

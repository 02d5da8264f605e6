export interface BatchedOptions {
  /** The most items one flush takes. */
  max?: number;
  /**
   * Answer a flush's callers only once this turn of the event loop is over (decision 212), for a
   * flush that a driver sends on a later tick: pg-pool hands out its connection on the next one, so
   * callers answered at once would write their responses before the next flush goes out, and the
   * database server would wait for them. Not for PGlite: it runs the next statement within the turn,
   * on this thread, and the callers would wait for it.
   */
  answerNextTurn?: boolean;
}

/**
 * Gathers the calls that arrive while a flush is running into the next flush (decision 042): alone,
 * a call is flushed at once; under load, the calls of the last flush's duration share one statement
 * and one commit (PostgreSQL then fsyncs once for all of them). At most one flush is in flight, of at
 * most `max` items. `flush` answers one result per item, in order. If a flush of several items fails,
 * each is flushed again alone, so one bad item fails only its own call.
 */
export function batched<I, O>(
  flush: (items: readonly I[]) => Promise<O[]>,
  { max = 100, answerNextTurn = false }: BatchedOptions = {},
): (item: I) => Promise<O> {
  interface Call {
    item: I;
    resolve: (result: O) => void;
    reject: (error: unknown) => void;
  }
  const waiting: Call[] = [];
  let running = false;

  const alone = (call: Call) => flush([call.item]).then(([result]) => call.resolve(result as O), call.reject);

  async function drain() {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, max);
      try {
        const results = await flush(batch.map((call) => call.item));
        const answer = () => batch.forEach((call, index) => call.resolve(results[index] as O));
        // The loop flushes the next batch before this turn ends, the answers after it.
        if (answerNextTurn) setImmediate(answer);
        else answer();
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else await Promise.all(batch.map(alone));
      }
    }
    running = false;
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}

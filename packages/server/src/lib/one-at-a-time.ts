/**
 * Runs the tasks given to it one after another, each started from a fresh turn of the event loop, for
 * work that holds the main thread (rendering a PDF): a burst of such tasks started together would hold
 * it for all of them before any other request is answered; queued, the others are answered between
 * two of them. A failed task fails its caller only.
 */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(task);
    last = run.catch(() => undefined);
    return run;
  };
}

/**
 * A background job of one instance: first run after `firstMs`, then every `everyMs`; a run never overlaps the
 * previous one, and `stop()` waits for a run under way, so closing the database never cuts one in half. The job
 * logs its own outcome (a rejection is handed to `onError`).
 */
export function startRepeatingJob(run: () => Promise<void>, onError: (err: unknown) => void, firstMs: number, everyMs = 3_600_000) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, firstMs);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one step of the start (migrate, seed) and says what it is doing, so a first start never sits silent: its
 * progress when that changes (at most one line every 2 s), a line when nothing was said for 4 s (the first after
 * 1 s), and its time at the end. A step that finishes within a second and reports nothing says nothing (a restart
 * with the database up to date). Progress that arrives while the database is busy shows up between queries:
 * PGlite runs in this thread, so no timer fires during a long statement.
 */
export async function startStep<T>(log: FastifyBaseLogger, label: string, run: (progress: (done: number, total: number, detail: string) => void) => Promise<T>): Promise<T> {
  const started = Date.now();
  let lastSaid = started - 3000;
  let said = false;
  let state = 'working';
  const say = () => {
    lastSaid = Date.now();
    said = true;
    log.info(`${label}: ${state} (${seconds(lastSaid - started)})`);
  };
  const timer = setInterval(() => {
    if (Date.now() - lastSaid >= 4000) say();
  }, 500);
  timer.unref();
  try {
    return await run((done, total, detail) => {
      state = `${Math.floor((done / Math.max(1, total)) * 100)} % ${detail}`;
      if (Date.now() - lastSaid >= 2000) say();
    });
  } finally {
    clearInterval(timer);
    if (said) log.info(`${label}: done in ${seconds(Date.now() - started)}`);
  }
}

// What `npm start` shows while it builds: on a terminal one line that updates in place, otherwise (CI, a log
// file) plain lines, at most one every `everyMs` so a long step still says it is alive without flooding the log.
export function progressLine({ stream = process.stdout, everyMs = 4000 } = {}) {
  const tty = stream.isTTY === true;
  let lastPrinted = 0;
  let open = false;
  return {
    tty,
    /** A state that may be replaced by the next one (module counts, percentages). */
    update(text) {
      if (tty) {
        stream.write(`\r\x1b[2K${text}`);
        open = true;
      } else if (Date.now() - lastPrinted >= everyMs) {
        stream.write(`${text}\n`);
        lastPrinted = Date.now();
      }
    },
    /** A line that stays (a finished step with its time). */
    done(text) {
      stream.write(tty && open ? `\r\x1b[2K${text}\n` : `${text}\n`);
      open = false;
      lastPrinted = Date.now();
    },
  };
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

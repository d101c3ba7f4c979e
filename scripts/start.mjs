// `npm start`: build what is missing, then run the server (which starts the embedded database, the broker,
// the simulator and serves the console). Ctrl-C reaches every process of the tree; this script waits for
// the server to close the database cleanly and exits with its code.
//
// Until the server says it is running, its output passes through here: when it has been silent for 4 s (loading
// its code, creating the database, a long seed statement: PGlite works in the server's own thread, so the server
// cannot speak then) this script says what it is still waiting for. Afterwards the output is passed on untouched.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';
import { progressLine, seconds } from './progress.mjs';

const buildStarted = Date.now();
await buildIfNeeded();
console.log(`[gridops] build checked in ${seconds(Date.now() - buildStarted)}; starting the server…`);

const tty = process.stdout.isTTY === true;
// The server's stdout is a pipe now: keep the terminal's readable, coloured lines when this runs on one.
const env = { ...process.env, ...(tty && !process.env.LOG_FORMAT ? { LOG_FORMAT: 'pretty', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : {}) };
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], env });

const serverStarted = Date.now();
const progress = progressLine({ everyMs: 0 });
let lastOutput = Date.now();
let lastLine = 'loading the server, opening the database (created on the first start)';
let running = false;
let midLine = false;
let heartbeatShown = false;
server.stdout.on('data', (chunk) => {
  if (heartbeatShown && tty) process.stdout.write('\r\x1b[2K');
  heartbeatShown = false;
  process.stdout.write(chunk);
  const text = chunk.toString();
  midLine = !text.endsWith('\n');
  lastOutput = Date.now();
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length) lastLine = lastMessage(lines.at(-1));
  if (text.includes('GridOps is running')) running = true;
});
const heartbeat = setInterval(() => {
  if (running) return clearInterval(heartbeat);
  if (midLine || Date.now() - lastOutput < 4000) return;
  progress.update(`[gridops] still starting (${seconds(Date.now() - serverStarted)}); last: ${lastLine}`);
  heartbeatShown = true;
  if (!tty) lastOutput = Date.now();
}, 1000);
heartbeat.unref();

/** The message of a log line, JSON or pretty, short enough for one line of a terminal. */
function lastMessage(line) {
  let msg = line;
  try {
    msg = JSON.parse(line).msg ?? line;
  } catch {
    // A pretty line or the simulator's own output.
  }
  // eslint-disable-next-line no-control-regex
  return String(msg).replace(/\x1b\[[0-9;]*m/g, '').trim().slice(0, 100);
}

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // A terminal's Ctrl-C already reached the server (same process group); forward in every other case.
    if (!signalled) server.kill(signal);
    signalled = true;
  });
}
// 'close', not 'exit': the last lines the server wrote are passed on before this exits.
server.on('close', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

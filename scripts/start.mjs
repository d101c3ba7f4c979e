// `npm start`: build what is missing, then run the server (which starts the embedded database, the broker,
// the simulator and serves the console). Ctrl-C reaches every process of the tree; this script waits for
// the server to close the database cleanly and exits with its code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

buildIfNeeded();

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit' });
let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // A terminal's Ctrl-C already reached the server (same process group); forward in every other case.
    if (!signalled) server.kill(signal);
    signalled = true;
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

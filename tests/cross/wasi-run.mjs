// SPDX-License-Identifier: MIT
// tests/cross/wasi-run.mjs - run a wasm32-wasi program under node's WASI
// (node >= 20; node:wasi prints an ExperimentalWarning on stderr).
//
//   node tests/cross/wasi-run.mjs PROGRAM.wasm [ARG...]
//
// Used as TEST_EMULATOR for the wasm32 target, so it behaves like a plain
// program runner:
//   - every environment variable is passed through;
//   - the host file system is visible: "/" is preopened as "/", so absolute
//     paths work unchanged;
//   - wasi-libc starts in "/" and WASI has no way to hand it a working
//     directory, so relative paths in the arguments that exist on the host
//     (or whose directory does) are made absolute here; relative paths in
//     environment variables are made absolute too when they exist;
//   - the exit status is the program's (128+6 for an abort/trap);
//   - node's "WASI is an experimental feature" warning is not printed, so a
//     program's standard error is its own;
//   - V8's fast API calls are turned off: with them, node 20's WASI
//     bindings can crash node itself (SIGSEGV in a V8 builtin, exit 139;
//     nodejs/node#46777, #53087). Seen here at the end of the vectors suite.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve, dirname, isAbsolute } from 'node:path';
import process from 'node:process';
import v8 from 'node:v8';

v8.setFlagsFromString('--no-turbo-fast-api-calls');
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (!(w.name === 'ExperimentalWarning' && /WASI/.test(w.message)))
    process.stderr.write(`${w.name}: ${w.message}\n`);
});
const { WASI } = await import('node:wasi');

const argv = process.argv.slice(2);
if (argv.length < 1) {
  process.stderr.write('usage: node wasi-run.mjs PROGRAM.wasm [ARG...]\n');
  process.exit(2);
}

const looksLikePath = (s) =>
  s !== '' && !s.startsWith('-') && !isAbsolute(s) &&
  (existsSync(s) || (s.includes('/') && existsSync(dirname(s))));
const absolutize = (s) => (looksLikePath(s) ? resolve(s) : s);

const prog = argv[0];
const args = [prog, ...argv.slice(1).map(absolutize)];
const env = {};
for (const [k, v] of Object.entries(process.env)) {
  env[k] = (v.includes('/') && looksLikePath(v)) ? resolve(v) : v;
}
env.PWD = process.cwd();

const wasi = new WASI({
  version: 'preview1',
  args,
  env,
  preopens: { '/': '/' },
  returnOnExit: true,
});

let code;
try {
  const mod = await WebAssembly.compile(await readFile(prog));
  const inst = await WebAssembly.instantiate(mod, wasi.getImportObject());
  code = wasi.start(inst);
} catch (e) {
  // A trap (abort(), unreachable, out-of-bounds) ends up here.
  process.stderr.write(`wasi-run: ${prog}: ${e && e.message ? e.message : e}\n`);
  code = 134;
}
process.exitCode = code;

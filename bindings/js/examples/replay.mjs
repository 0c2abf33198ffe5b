#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// replay.mjs - `lockstar replay SCRIPT [--budget E] [--threads N] [--trace]
// [--check]` in JavaScript: the script (docs/replay.md, versions 1, 2 and
// 3) run on the library's crowd in lockstar.wasm by lockstar-replay.mjs,
// printing the lines the C program prints (`tick T DIGEST`, `final
// DIGEST`, --trace's agent lines, --check's two lines), byte for byte,
// and exiting 1 as it does when --check found an overlap. A bad script
// or map prints "lockstar: FILE:LINE: reason" on standard error and
// exits 2.
//
//   node bindings/js/examples/replay.mjs examples/skirmish.replay
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { load } from '../lockstar.mjs';
import { parseReplay, replayOutput, ReplayError } from '../lockstar-replay.mjs';
import { parseUint } from '../movingai.mjs';

const USAGE = 'usage: node replay.mjs SCRIPT [--budget E] [--threads N] [--trace] [--check]\n';

function fail(message) {
  process.stderr.write(`lockstar: ${message}\n`);
  return 2;
}

async function main(argv) {
  const o = { trace: false, check: false };
  let file = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^(--budget|--threads)(?:=(.*))?$/.exec(arg);
    if (m) {
      const v = m[2] ?? argv[++i];
      if (v === undefined) return fail(`replay: option ${m[1]} needs a value`);
      if (m[1] === '--budget') {
        o.budget = parseUint(v, 0, 0xffffffff);
        if (o.budget === null) return fail(`replay: bad value '${v}' for --budget: expected a whole number from 0 to 4294967295 (0 = no limit)`);
      } else {
        o.threads = parseUint(v, 1, 64);
        if (o.threads === null) return fail(`replay: bad value '${v}' for --threads: expected 1 to 64`);
      }
    } else if (arg === '--trace') {
      o.trace = true;
    } else if (arg === '--check') {
      o.check = true;
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write(USAGE);
      return 0;
    } else if (arg.startsWith('-') && arg !== '-') {
      return fail(`replay: unknown option '${arg}'`);
    } else if (file === null) {
      file = arg;
    } else {
      return fail(`replay: unexpected argument '${arg}'`);
    }
  }
  if (file === null) return fail('replay: no SCRIPT given');
  const ls = await load();
  try {
    let text;
    try {
      text = readFileSync(file, 'latin1');
    } catch (e) {
      return fail(`${file}: cannot read: ${e.code ?? e.message}`);
    }
    const script = parseReplay(ls, text, file);
    // The map's path is relative to the script's folder (unless absolute).
    const slash = file.lastIndexOf('/');
    const mapFile = slash >= 0 && !script.mapPath.startsWith('/')
      ? file.slice(0, slash + 1) + script.mapPath : script.mapPath;
    let mapText;
    try {
      mapText = readFileSync(mapFile, 'latin1');
    } catch (e) {
      return fail(`${file}:${script.mapLine}: ${mapFile}: cannot read: ${e.code ?? e.message}`);
    }
    const got = replayOutput(ls, script, mapText, { ...o, name: file, mapName: mapFile });
    process.stdout.write(got.text);
    return got.overlapped ? 1 : 0;
  } catch (e) {
    if (e instanceof ReplayError) return fail(e.message);
    throw e;
  }
}

process.exitCode = await main(process.argv.slice(2));

// SPDX-License-Identifier: MIT
// lockstar-selftest.mjs - the self-test's own WebAssembly module,
// lockstar-selftest.wasm, for lockstar.mjs's selftest() and
// selftestCaseName(). Its golden tables are about half of what the library
// weighs, so they are not in lockstar.wasm: this module is imported, and
// the .wasm fetched, only when the self-test is asked for; load() never
// touches either.
//
// The .wasm holds its own copy of the library's code (the same sources,
// compiler and flags as lockstar.wasm; bindings/js/js.am) and exports only
// lockstar_selftest.h's functions, malloc, free and its memory: the C
// self-test hands the library an allocator of its own to call back, which
// cannot cross into another module's memory. Each run gets a fresh
// instance, so nothing is kept between runs, as ls_selftest promises; only
// the compiled module of the default .wasm is kept, so it is fetched once.

const DEFAULT_WASM = new URL('./lockstar-selftest.wasm', import.meta.url);
const REPORT_SIZE = 32; // ls_selftest_report on wasm32
let defaultModule = null; // Promise<WebAssembly.Module> of DEFAULT_WASM

async function compile(source, readWasmBytes) {
  const got = await readWasmBytes(source);
  return got instanceof WebAssembly.Module ? got : WebAssembly.compile(got);
}

function moduleFor(source, readWasmBytes) {
  if (source != null) return compile(source, readWasmBytes);
  if (!defaultModule) {
    defaultModule = compile(DEFAULT_WASM, readWasmBytes);
    // A failed fetch is not remembered: the next call tries again.
    defaultModule.catch(() => { defaultModule = null; });
  }
  return defaultModule;
}

function cstring(memory, p) {
  const bytes = new Uint8Array(memory.buffer);
  let end = p;
  while (bytes[end] !== 0) end++;
  return new TextDecoder('latin1').decode(bytes.subarray(p, end));
}

/**
 * A fresh instance of the self-test module. source: as load()'s
 * options.wasm (bytes, a compiled module, a URL or a path); default: the
 * lockstar-selftest.wasm beside this file. helpers: lockstar.mjs's
 * readWasmBytes and stubImports, so both modules load alike.
 */
export async function openSelftest(source, { readWasmBytes, stubImports }) {
  const module = await moduleFor(source, readWasmBytes);
  const instance = await WebAssembly.instantiate(module, stubImports(module));
  const x = instance.exports;
  if (typeof x._initialize === 'function') x._initialize();
  return {
    /** ls_selftest(NULL, &report): the report's fields, digest as a bigint. */
    run() {
      const p = x.malloc(REPORT_SIZE);
      if (p === 0) throw new Error('selftest: cannot allocate the report in the wasm memory');
      try {
        const status = x.ls_selftest(0, p);
        const dv = new DataView(x.memory.buffer);
        return {
          status,
          total: dv.getUint32(p, true),
          passed: dv.getUint32(p + 4, true),
          failed: dv.getUint32(p + 8, true),
          firstFailed: dv.getUint32(p + 12, true),
          firstFailedKind: dv.getInt32(p + 16, true),
          firstFailedStep: dv.getUint32(p + 20, true),
          digest: dv.getBigUint64(p + 24, true),
        };
      } finally {
        x.free(p);
      }
    },
    /** ls_selftest_case_name(index), or null. */
    caseName(index) {
      const p = x.ls_selftest_case_name(index);
      return p ? cstring(x.memory, p) : null;
    },
  };
}

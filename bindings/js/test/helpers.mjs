// SPDX-License-Identifier: MIT
// helpers.mjs - what the node tests share: the module under test (the
// build tree's copy beside lockstar.wasm when make check runs them, else
// the source tree's), and where the vectors, the CLI, the examples and
// the shared maps are (environment set by test/run.sh).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';

const here = dirname(fileURLToPath(import.meta.url));
export const srcDir = resolve(process.env.LOCKSTAR_SRC_DIR ?? join(here, '../../..'));
export const jsDir = resolve(process.env.LOCKSTAR_JS_DIR ?? join(here, '..'));
export const vectorsDir = resolve(process.env.LOCKSTAR_VECTORS_DIR ?? join(srcDir, 'vectors'));
export const cliPath = process.env.LOCKSTAR_CLI ?? null;
export const examplesDir = resolve(process.env.LOCKSTAR_EXAMPLES ?? join(srcDir, 'examples'));
export const sharedMapsDir = resolve(process.env.LOCKSTAR_SHARED_MAPS ?? join(srcDir, '../shared/maps'));
export const hasSharedMaps = existsSync(sharedMapsDir);

let modulePromise = null;
/** The lockstar.mjs module under test (import once). */
export function lockstarModule() {
  modulePromise ??= import(pathToFileURL(join(jsDir, 'lockstar.mjs')).href);
  return modulePromise;
}
let instancePromise = null;
/** One loaded instance per test file. */
export async function loadLockstar() {
  instancePromise ??= lockstarModule().then((m) => m.load());
  return instancePromise;
}
export async function movingaiModule() {
  return import(pathToFileURL(join(jsDir, 'movingai.mjs')).href);
}

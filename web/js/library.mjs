// SPDX-License-Identifier: MIT
// library.mjs - where the page finds the library. The site is laid out as
// the source tree is: web/ beside bindings/js/ (lockstar.mjs, movingai.mjs
// and the lockstar.wasm that `make` builds) and examples/ (the bundled
// maps). In an in-tree build that is the source tree itself; an
// out-of-tree build copies web/ and the maps into BUILD/ (web/web.am), the
// binding's own rule puts the modules beside BUILD/bindings/js/lockstar.wasm,
// so `node web/serve.mjs BUILD` serves the same layout.

const BINDINGS = new URL('../../bindings/js/', import.meta.url);

// { ls, movingai }: the loaded library and the Moving AI readers. Throws
// an Error saying what to build when a piece is missing.
export async function loadLibrary() {
  let lockstar;
  let movingai;
  try {
    lockstar = await import(new URL('lockstar.mjs', BINDINGS).href);
    movingai = await import(new URL('movingai.mjs', BINDINGS).href);
  } catch (error) {
    throw new Error(`bindings/js/lockstar.mjs could not be imported (${error.message})`);
  }
  try {
    return { ls: await lockstar.load(), movingai };
  } catch (error) {
    throw new Error(`bindings/js/lockstar.wasm could not be loaded (${error.message}); ` +
      'build it with ./configure --with-node && make');
  }
}

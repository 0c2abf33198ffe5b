#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// serve.mjs - a small static file server for the playground, node only, no
// dependencies. It serves ROOT's web/, bindings/js/ and examples/ (the
// layout library.mjs expects: the source tree after an in-tree `make`, or
// an out-of-tree build directory) and nothing else, on the loopback
// address, with the MIME types browsers insist on for ES modules and
// WebAssembly.
//
//   node web/serve.mjs [ROOT] [--port N]   (ROOT: default the tree this
//                                            file is in; N: default 8000,
//                                            0 = any free port)
// then open the address it prints. The browser test imports serve().

import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { resolve, join, sep, extname, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SERVED = ['web/', 'bindings/js/', 'examples/'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.map': 'text/plain; charset=utf-8',
  '.scen': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

// The file a URL path names under root, or null when it is outside the
// served folders (or tries to climb out of them).
function fileFor(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  if (path.endsWith('/')) path += 'index.html';
  const file = resolve(root, path.replace(/^\/+/, ''));
  if (!file.startsWith(root + sep)) return null;
  // Checked after resolving, so web/../src/ is refused like src/.
  const relative = file.slice(root.length + 1).split(sep).join('/');
  return SERVED.some((folder) => relative.startsWith(folder)) ? file : null;
}

// Start serving root on host:port; resolves to { server, url } where url
// is the playground's address.
export function serve({ root, port = 8000, host = '127.0.0.1', log = () => {} }) {
  root = resolve(root);
  const server = createServer((request, response) => {
    const send = (code, text) => {
      response.writeHead(code, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(request.method === 'HEAD' ? undefined : `${text}\n`);
      log(`${code} ${request.method} ${request.url}`);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'only GET and HEAD');
    if (request.url === '/' || request.url === '/web') {
      response.writeHead(302, { location: '/web/' });
      return response.end();
    }
    const file = fileFor(root, request.url);
    if (!file) return send(404, 'not served');
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return send(404, 'not found');
    }
    if (!stat.isFile()) return send(404, 'not a file');
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': stat.size,
      'cache-control': 'no-store',
    });
    log(`200 ${request.method} ${request.url}`);
    if (request.method === 'HEAD') return response.end();
    createReadStream(file).pipe(response);
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const { port: bound } = server.address();
      done({ server, url: `http://${host}:${bound}/web/` });
    });
  });
}

async function main(args) {
  let root = join(dirname(fileURLToPath(import.meta.url)), '..');
  let port = 8000;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--port' && i + 1 < args.length) port = Number(args[++i]);
    else if (args[i] === '--help') {
      console.log('usage: node web/serve.mjs [ROOT] [--port N]');
      return;
    } else if (!args[i].startsWith('--')) root = args[i];
    else throw new Error(`unknown option ${args[i]}`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port takes 0 to 65535');
  if (!statSync(join(root, 'web', 'index.html'), { throwIfNoEntry: false })) {
    throw new Error(`${root} has no web/index.html (give the source tree or a build directory)`);
  }
  if (!statSync(join(root, 'bindings', 'js', 'lockstar.wasm'), { throwIfNoEntry: false })) {
    console.error(`serve: warning: ${join(root, 'bindings/js/lockstar.wasm')} is missing; ` +
      'build it (./configure --with-node && make) or serve the build directory');
  }
  const { url } = await serve({ root, port });
  console.log(`serving ${resolve(root)} at ${url} (Ctrl-C stops)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`serve: ${error.message}`);
    process.exit(2);
  });
}

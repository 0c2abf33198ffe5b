// SPDX-License-Identifier: MIT
// docs-examples.test.mjs - the JavaScript examples of README.md,
// docs/*.md and bindings/js/README.md run against the module under test by `make check`, so they
// cannot rot (issue 20). The C examples are tests/check-examples.sh's;
// these marks follow its convention with `example-js`.
//
// Every ```js block of those pages (```javascript and ```mjs too) must be
// marked by an HTML comment before it (blank lines between allowed;
// invisible on GitHub), or the test fails:
//   <!-- example-js: NAME -->       the block is part of program NAME; the
//                                   blocks of one NAME, in page order
//                                   (README.md, then docs/*.md by name),
//                                   form one program
//   <!-- example-js: none --> WHY   not run (say why beside it)
// Hidden lines a program needs but the page need not show (a stub of the
// reader's own `draw`, a check after a block), added where they stand:
//   <!-- example-js: NAME setup
//   ...
//   -->
// Assembly: `import` statements go to the top, those of './lockstar.mjs'
// or 'lockstar' (and './movingai.mjs' or 'lockstar/movingai',
// './lockstar-replay.mjs' or 'lockstar/replay') rewritten to
// the build tree's modules; every block opens a block scope nested in the
// one before, all closed at the end, so a later block may declare a name
// again (`const g`) and still use what the blocks before it declared
// (`ls`). The program runs as an ES module (top-level await) in a child
// node from a temporary folder, and must exit 0 with nothing on standard
// error.
// Its output: the `// TEXT` lines directly below a line calling
// console.log (no blank line between; one line of output each) are what
// that call prints. The program's whole standard output must be exactly
// these TEXTs, in the order they stand (hidden lines included): a changed
// value, a missing line or an extra line fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsDir, srcDir } from './helpers.mjs';

const JS_LANGS = new Set(['js', 'javascript', 'mjs']);
const MARK = /^<!-- example-js: ([a-z0-9-]+) -->/;
const HIDDEN = /^<!-- example-js: ([a-z0-9-]+) setup[ \t]*$/;

/** The pages whose blocks are examples: those check-examples.sh lists,
 * and the npm package's own README (bindings/js/README.md). */
function docPages() {
  const docs = readdirSync(join(srcDir, 'docs')).filter((f) => f.endsWith('.md')).sort();
  return ['README.md', ...docs.map((f) => `docs/${f}`), 'bindings/js/README.md']
    .map((page) => ({ page, text: readFileSync(join(srcDir, page), 'utf8') }));
}

/**
 * Reads the marked blocks and hidden lines of the pages: programs by name
 * (each a list of segments { kind: 'block' | 'hidden', page, line, lines },
 * line being the page's line of the segment's first line) and the faults
 * (unmarked blocks, marks before something else, hidden lines of no
 * program, unclosed fences or comments) as "PAGE:LINE: reason".
 */
export function extractPrograms(pages) {
  const programs = new Map();
  const faults = [];
  const add = (name, seg) => {
    if (!programs.has(name)) programs.set(name, []);
    programs.get(name).push(seg);
  };
  for (const { page, text } of pages) {
    const lines = text.split('\n');
    let mode = '';          // '', 'fence' or 'hidden'
    let pending = null;     // { name, line } of a mark waiting for its block
    let seg = null;         // the segment being read (null: a block not run)
    let opened = 0;
    lines.forEach((line, i) => {
      const at = `${page}:${i + 1}`;
      if (mode === 'hidden') {
        if (/^-->[ \t]*$/.test(line)) mode = '';
        else seg.lines.push(line);
        return;
      }
      if (mode === 'fence') {
        if (/^```[ \t]*$/.test(line)) mode = '';
        else if (seg) seg.lines.push(line);
        return;
      }
      let m;
      if ((m = HIDDEN.exec(line))) {
        if (pending) faults.push(`${pending.at}: mark "${pending.name}" not followed by a \`\`\`js block`);
        seg = { kind: 'hidden', page, line: i + 2, lines: [] };
        add(m[1], seg);
        mode = 'hidden'; opened = i + 1; pending = null;
        return;
      }
      if ((m = MARK.exec(line))) {
        if (pending) faults.push(`${pending.at}: mark "${pending.name}" not followed by a \`\`\`js block`);
        pending = { name: m[1], at };
        return;
      }
      if (line.startsWith('```')) {
        const lang = line.slice(3).trim();
        seg = null;
        if (JS_LANGS.has(lang)) {
          if (!pending) {
            faults.push(`${at}: a \`\`\`${lang} block without an <!-- example-js: NAME --> (or none) mark`);
          } else if (pending.name !== 'none') {
            seg = { kind: 'block', page, line: i + 2, lines: [] };
            add(pending.name, seg);
          }
        } else if (pending) {
          faults.push(`${pending.at}: mark "${pending.name}" before a \`\`\`${lang} block, not a \`\`\`js one`);
        }
        pending = null; mode = 'fence'; opened = i + 1;
        return;
      }
      if (/^[ \t]*$/.test(line)) return;
      if (pending) faults.push(`${pending.at}: mark "${pending.name}" not followed by a \`\`\`js block`);
      pending = null;
    });
    if (mode !== '') faults.push(`${page}:${opened}: ${mode === 'fence' ? 'fence' : 'hidden comment'} never closed`);
    if (pending) faults.push(`${pending.at}: mark "${pending.name}" at the end of the page`);
  }
  for (const [name, segs] of programs) {
    if (!segs.some((s) => s.kind === 'block')) {
      faults.push(`${segs[0].page}:${segs[0].line - 1}: hidden lines of "${name}", which no block shows`);
      programs.delete(name);
    }
  }
  return { programs, faults };
}

// The names a page may import the package by, and the build tree's file.
const MODULES = new Map([
  ['./lockstar.mjs', 'lockstar.mjs'], ['lockstar', 'lockstar.mjs'],
  ['./movingai.mjs', 'movingai.mjs'], ['lockstar/movingai', 'movingai.mjs'],
  ['./lockstar-replay.mjs', 'lockstar-replay.mjs'], ['lockstar/replay', 'lockstar-replay.mjs'],
]);
function rewriteImport(text) {
  return text.replace(/(from\s*|import\s*)(['"])([^'"]+)\2/g, (all, head, q, spec) =>
    MODULES.has(spec) ? `${head}'${pathToFileURL(join(jsDir, MODULES.get(spec))).href}'` : all);
}

/**
 * One program's source: its imports first (rewritten), then its segments,
 * each block opening a scope; `where[k]` is the page line of source line
 * k + 1 (for messages), `expected` the output its comments promise.
 */
export function assemble(segs) {
  const head = [];
  const body = [];
  const where = [];
  const expected = [];
  let scopes = 0;
  for (const seg of segs) {
    if (seg.kind === 'block') {
      body.push({ text: `{ // ${seg.page}:${seg.line}`, at: `${seg.page}:${seg.line - 1}` });
      scopes++;
    }
    let importing = false;
    let afterLog = false;
    seg.lines.forEach((line, k) => {
      const at = `${seg.page}:${seg.line + k}`;
      // An import statement, possibly over several lines, until its
      // module name: to the top, as ES modules require.
      if (importing || /^import[\s{*]/.test(line)) {
        head.push({ text: rewriteImport(line), at });
        importing = !/(from\s*|^import\s*)['"][^'"]+['"]/.test(line);
        return;
      }
      const comment = /^[ \t]*\/\/ ?(.*)$/.exec(line);
      if (comment && afterLog) expected.push(comment[1]);
      else afterLog = !comment && /\bconsole\.log\(/.test(line);
      body.push({ text: line, at });
    });
  }
  for (let k = 0; k < scopes; k++) body.push({ text: '}', at: 'the end' });
  const all = [...head, ...body];
  return { source: all.map((l) => l.text).join('\n') + '\n', where: all.map((l) => l.at), expected };
}

/** The differences between what a program printed and what its page shows. */
export function compareOutput(stdout, expected) {
  const got = stdout.split('\n');
  if (got[got.length - 1] === '') got.pop();
  const diffs = [];
  for (let k = 0; k < Math.max(got.length, expected.length); k++) {
    if (got[k] !== expected[k]) {
      diffs.push(`output line ${k + 1}: page shows ${expected[k] === undefined ? 'nothing' : JSON.stringify(expected[k])}, ` +
        `printed ${got[k] === undefined ? 'nothing' : JSON.stringify(got[k])}`);
    }
  }
  return diffs;
}

/** Runs one program in a child node; returns its faults (empty: passed). */
function runProgram(name, segs, dir) {
  const { source, where, expected } = assemble(segs);
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, source);
  const r = spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', timeout: 120000 });
  // Lines of the temporary file named in a message, as the page's lines.
  const onPage = (text) => text.split(pathToFileURL(file).href).join(`${name}.mjs`)
    .split(file).join(`${name}.mjs`)
    .replace(new RegExp(`${name}\\.mjs:(\\d+)`, 'g'), (all, n) => `${where[n - 1] ?? '?'} (${all})`);
  const faults = [];
  if (r.error) faults.push(`could not run: ${r.error.message}`);
  if (r.status !== 0) faults.push(`exited with ${r.status ?? r.signal}`);
  if (r.stderr) faults.push(`standard error:\n${onPage(r.stderr)}`);
  if (r.status === 0) faults.push(...compareOutput(r.stdout ?? '', expected));
  return faults;
}

const { programs, faults } = extractPrograms(docPages());

test('every ```js block of README.md and docs/*.md is marked', () => {
  if (faults.length) assert.fail(faults.join('\n'));
  assert.ok(programs.size > 0, 'no <!-- example-js: NAME --> block in README.md or docs/*.md');
});

for (const [name, segs] of programs) {
  const blocks = segs.filter((s) => s.kind === 'block').map((s) => `${s.page}:${s.line - 1}`);
  test(`example-js "${name}" (${blocks.join(', ')}) runs and prints what the page shows`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'lockstar-docjs-'));
    try {
      const found = runProgram(name, segs, dir);
      if (found.length) assert.fail(`example-js "${name}":\n${found.join('\n')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

// The checker itself: what must fail does (a page that rots is caught by
// these very functions).
test('the checker refuses unmarked blocks and stray marks, and sees wrong output', () => {
  const page = (text) => extractPrograms([{ page: 'p.md', text }]);
  assert.deepEqual(page('text\n```js\nlet a;\n```\n').faults,
    ['p.md:2: a ```js block without an <!-- example-js: NAME --> (or none) mark']);
  assert.equal(page('<!-- example-js: a -->\nwords\n```js\nlet a;\n```\n').faults.length, 2);
  assert.deepEqual(page('<!-- example-js: a -->\n```c\nint a;\n```\n').faults,
    ['p.md:1: mark "a" before a ```c block, not a ```js one']);
  assert.deepEqual(page('<!-- example-js: none --> why\n\n```js\nx;\n```\n'), { programs: new Map(), faults: [] });
  const { programs: ps, faults: fs } = page([
    '<!-- example-js: a setup', 'const draw = () => {};', '-->',
    '<!-- example-js: a -->', '```js', "import { load } from 'lockstar';",
    'console.log(1 + 1);', '// 2', '', '// not output', 'console.log(3);', '```',
    '<!-- example-js: a -->', '```mjs', 'const a = 1;', '```'].join('\n'));
  assert.deepEqual(fs, []);
  const { source, expected, where } = assemble(ps.get('a'));
  assert.deepEqual(expected, ['2']);
  assert.ok(source.startsWith(`import { load } from '${pathToFileURL(join(jsDir, 'lockstar.mjs')).href}';\n`));
  assert.equal(source.split('\n').filter((l) => l.startsWith('{')).length, 2);
  assert.equal(where[source.split('\n').indexOf('console.log(3);')], 'p.md:11');
  assert.deepEqual(compareOutput('2\n', expected), []);
  assert.equal(compareOutput('3\n', expected).length, 1);
  assert.equal(compareOutput('2\n3\n', expected).length, 1);
  assert.equal(compareOutput('', expected).length, 1);
});

// SPDX-License-Identifier: MIT
// selftest.mjs - the self-test mode: ls_selftest, the golden vectors built
// into the library, run by the WebAssembly build in this browser, its
// counts and digest shown as `lockstar selftest` prints them. The digest
// must equal the one the README publishes for this version. The self-test
// is a module of its own (lockstar-selftest.wasm): ls.selftest() fetches
// it on the first click, so opening the page never downloads it.

export function setUpSelftest(panel, ls) {
  const button = panel.querySelector('#selftest-run');
  const out = (name) => panel.querySelector(`[data-selftest="${name}"]`);
  button.disabled = false;
  button.addEventListener('click', () => {
    button.disabled = true;
    out('status').textContent = 'running';
    // Let the "running" text paint before the run, which blocks once its
    // module is loaded.
    requestAnimationFrame(() => setTimeout(async () => {
      const started = performance.now();
      let report;
      try {
        report = await ls.selftest();
      } catch (error) {
        out('status').textContent = `error: ${error.message}`;
        button.disabled = false;
        return;
      }
      const ms = performance.now() - started;
      out('passed').textContent = report.passed;
      out('failed').textContent = report.failed;
      out('digest').textContent = report.digest;
      out('time').textContent = `${ms.toFixed(0)} ms`;
      out('line').textContent =
        `lockstar selftest: ${report.passed} passed, ${report.failed} failed, digest ${report.digest}`;
      out('status').textContent = report.status === ls.STATUS.OK && report.failed === 0
        ? 'all passed' : `FAILED (${ls.statusName(report.status)})`;
      panel.dataset.state = report.failed === 0 && report.status === ls.STATUS.OK ? 'passed' : 'failed';
      button.disabled = false;
    }, 0));
  });
}

/**
 * Vitest reporter: every test that failed and then passed on its retry (CI retries a server test once,
 * vitest.config.ts) is listed at the end of the run with what its failed attempt said. The default reporter
 * only marks such a test "(retry x1)", and the failure it retried over is the one clue to the bug behind it.
 */
const STACK_LINES = 8;

/** The lines to print for one error of a failed attempt: its message, a diff when there is one, our frames. */
export function describeError(error) {
  const message = String(error?.message ?? error ?? 'unknown error');
  const stack = String(error?.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && !line.includes('node_modules'))
    .slice(0, STACK_LINES);
  return [...message.split('\n'), ...(error?.diff ? String(error.diff).split('\n') : []), ...stack];
}

/** The tests of the finished modules that passed after a retry, each with its file, name and errors. */
export function retriedTests(testModules) {
  const found = [];
  for (const module of testModules) {
    for (const test of module.children.allTests()) {
      const retries = test.diagnostic()?.retryCount ?? 0;
      if (retries === 0 || test.result().state !== 'passed') continue;
      found.push({
        file: module.moduleId,
        name: test.fullName,
        retries,
        errors: test.task.result?.errors ?? [],
      });
    }
  }
  return found;
}

export default class RetriedTestsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const retried = retriedTests(testModules);
    if (retried.length === 0) return;
    const out = [`\nPassed only on a retry (${retried.length}); what the failed attempt said:`];
    for (const test of retried) {
      const file =
        this.root && test.file.startsWith(this.root) ? test.file.slice(this.root.length + 1) : test.file;
      out.push(`\n  ${file} › ${test.name} (retried ${test.retries}×)`);
      if (test.errors.length === 0) out.push('    (no error was kept)');
      for (const error of test.errors) out.push(...describeError(error).map((line) => `    ${line}`));
    }
    console.log(out.join('\n'));
  }
}

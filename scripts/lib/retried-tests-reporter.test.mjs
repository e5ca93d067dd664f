import { describe, expect, it } from 'vitest';
import { describeError, retriedTests } from './retried-tests-reporter.mjs';

/** A finished test as the reporter API hands it over. */
const testCase = (name, state, retryCount, errors) => ({
  fullName: name,
  diagnostic: () => ({ retryCount }),
  result: () => ({ state }),
  task: { result: { errors } },
});
const moduleOf = (moduleId, tests) => ({ moduleId, children: { allTests: () => tests } });

describe('retried tests reporter', () => {
  it('lists a test that passed on its retry with its failed attempt’s error, and nothing else', () => {
    const timedOut = {
      message: 'expected false to be true',
      stack: 'AssertionError: x\n    at until (helpers.ts:1:1)',
    };
    const found = retriedTests([
      moduleOf('/repo/a.test.ts', [
        testCase('steady', 'passed', 0, undefined),
        testCase('flaky › waits for the device', 'passed', 1, [timedOut]),
        testCase('broken', 'failed', 1, [timedOut, timedOut]),
      ]),
    ]);
    expect(found).toEqual([
      { file: '/repo/a.test.ts', name: 'flaky › waits for the device', retries: 1, errors: [timedOut] },
    ]);
  });

  it('prints the message, the diff and the top of the stack of an error', () => {
    const lines = describeError({
      message: 'expected 1 to be 2',
      diff: '- 2\n+ 1',
      stack: `AssertionError: expected 1 to be 2\n${Array.from({ length: 12 }, (_, i) => `    at f${i} (x.ts:${i}:1)`).join('\n')}`,
    });
    expect(lines.slice(0, 3)).toEqual(['expected 1 to be 2', '- 2', '+ 1']);
    expect(lines.filter((l) => l.includes(' at '))).toHaveLength(8);
    expect(
      describeError({
        message: 'm',
        stack: 'E\n    at lib (/r/node_modules/x.js:1:1)\n    at ours (/r/a.ts:1:1)',
      }),
    ).toEqual(['m', '    at ours (/r/a.ts:1:1)']);
    expect(describeError('a thrown string')).toEqual(['a thrown string']);
  });
});

// Reading a checker's verdict (bench/e2e/check.ts): PASS/FAIL lines and `score K/N`; a checker that
// miscounts or names other criteria than criteria.json is reported, not scored.
import { describe, expect, it } from 'vitest';
import { parseVerdict } from '../../bench/e2e/check.js';
import type { Task } from '../../bench/e2e/set.js';

const task = { id: 't1', generic: ['tests', 'api'], memory: ['port'] } as Task;

describe("a checker's verdict", () => {
  it('counts PASS and FAIL lines per criterion; other lines are commentary', () => {
    const v = parseVerdict(task, 'running tests…\nPASS tests - ok\nFAIL port - 22 is not 2222\nPASS api - ok\nscore 2/3\n');
    expect(v).toMatchObject({ passed: 2, total: 3, criteria: { tests: 1, port: 0, api: 1 } });
  });

  it.each([
    ['PASS tests - ok\nPASS api - ok\nFAIL port - no\n', /the last line must be "score K\/N"/],
    ['PASS tests - ok\nPASS api - ok\nFAIL port - no\nscore 3/3', /says 3\/3 but its lines have 2 PASS of 3/],
    ['PASS tests - ok\nPASS api - ok\nscore 2/2', /reports criteria \[api, tests\], criteria.json lists \[api, port, tests\]/],
    ['PASS tests - ok\nPASS tests - again\nPASS api - ok\nFAIL port - no\nscore 3/4', /criterion "tests" is reported twice/],
  ])('refuses %j', (output, message) => {
    expect(() => parseVerdict(task, output)).toThrow(message);
  });
});

// A run's working copy (bench/e2e/workcopy.ts) and its conditions' names (conditions.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandConditions } from '../../bench/e2e/conditions.js';
import { loadSet } from '../../bench/e2e/set.js';
import { applyPatch, makeWorkCopy } from '../../bench/e2e/workcopy.js';
import { tempDir, TINY } from './kit.js';

const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, encoding: 'utf8' }).stdout.trim();

describe('a working copy', () => {
  it("is the repo's files in one commit, with the origin that gives memcue the repo's id; the same commit every time", () => {
    const set = loadSet(TINY);
    const a = makeWorkCopy(set, 'ops', join(tempDir(), 'work'));
    const b = makeWorkCopy(set, 'ops', join(tempDir(), 'work'));
    expect(git(a, 'config', 'remote.origin.url')).toBe('https://github.com/acme/ops');
    expect(git(a, 'rev-list', '--count', 'HEAD')).toBe('1');
    expect(git(a, 'status', '--porcelain')).toBe('');
    expect(git(a, 'ls-files').split('\n').sort()).toEqual(['README.md', 'cron/jobs.cron']);
    expect(git(a, 'rev-parse', 'HEAD')).toBe(git(b, 'rev-parse', 'HEAD'));
    applyPatch(a, join(TINY, 'tasks', 'deploy-script', 'reference.patch'));
    expect(git(a, 'status', '--porcelain')).toBe('?? deploy.sh');
  });
});

describe('--conditions', () => {
  it('expands scale to both scale conditions, or skips them visibly when the set has no scale.jsonl', () => {
    const said: string[] = [];
    expect(expandConditions('none,memcue,scale', { hasScale: true }, (l) => said.push(l))).toEqual(['none', 'memcue', 'scale-file', 'scale-memcue']);
    expect(expandConditions('file,scale', { hasScale: false }, (l) => said.push(l))).toEqual(['file']);
    expect(said).toEqual(['skipping scale-file: the set has no scale.jsonl', 'skipping scale-memcue: the set has no scale.jsonl']);
    expect(() => expandConditions('none,memory', { hasScale: true }, () => {})).toThrow('unknown condition "memory"');
  });
});

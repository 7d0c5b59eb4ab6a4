// The `memcue` condition (bench/e2e/memcue-env.ts) with the compiled binary: the run's own database
// holds the set's facts, the card is the SessionStart hook's and carries the repo's rules, and the
// wrapper on PATH pins that database and counts the agent's searches.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandOf, countOutputChars, countSearches, loggedCalls, OUTPUT_LOG, runEnv, setupMemcue } from '../../bench/e2e/memcue-env.js';
import { loadSet } from '../../bench/e2e/set.js';
import { makeWorkCopy } from '../../bench/e2e/workcopy.js';
import { BINARY } from '../helpers.js';
import { ROOT, tempDir, TINY } from './kit.js';

describe('the memcue condition', () => {
  it.skipIf(!existsSync(BINARY))('gives the hook card with the repo rules, and the wrapper logs every call', () => {
    const set = loadSet(TINY);
    const run = join(tempDir(), 'run');
    const work = makeWorkCopy(set, 'ops', join(run, 'work'));
    const { card, calls } = setupMemcue(run, work, set.facts, 'claude');
    expect(card).toMatch(/^# memcue: long-term memory/);
    expect(card).toContain('## Rules and decisions of github.com/acme/ops');
    expect(card).toContain('Скрипты в ops пишем на bash');
    expect(card).toContain('Cron-задачи на наших серверах'); // a global rule learned elsewhere is on every card
    expect(card).not.toContain('pnpm 9'); // another repo's rule is not
    expect(card).toContain('[8n15rr0n 2025-07-02]'); // ids from the set's ids, dates from the set's dates
    expect(card).not.toMatch(/not on your PATH/); // the wrapper is
    // The agent calls memcue as a user's agent would: through PATH, global options anywhere.
    const env = { ...runEnv(run), MEMCUE_DB: join(run, 'elsewhere.db') }; // the wrapper pins the run's own
    const sh = (cmd: string) => spawnSync('sh', ['-c', cmd], { cwd: work, env, encoding: 'utf8' });
    const found = sh('memcue search deploy port');
    expect(found.status).toBe(0);
    expect(found.stdout).toContain('deploy-02.acme.internal');
    expect(sh('memcue --json -n 3 search "cron log"').stdout).toContain('/var/log/acme');
    expect(sh('memcue list --kind rule').status).toBe(0);
    expect(loggedCalls(calls)).toEqual([['search', 'deploy', 'port'], ['--json', '-n', '3', 'search', 'cron log'], ['list', '--kind', 'rule']]);
    expect(countSearches(calls)).toBe(2);
    // What memcue printed is logged as it reached the agent: it costs the session context as the card does.
    const last = sh('memcue search cron').stdout;
    const log = readFileSync(join(run, OUTPUT_LOG), 'utf8');
    expect(log.startsWith(found.stdout)).toBe(true);
    expect(log.endsWith(last)).toBe(true);
    expect(countOutputChars(join(run, OUTPUT_LOG))).toBe(log.length);
    // The wrapper passes memcue's exit code and its stderr through untouched.
    const refused = sh('memcue search --kind nosuchkind x');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/kind/);
    expect(existsSync(join(run, 'elsewhere.db'))).toBe(false);
    // Nothing the agent can see names this repository, where the set's checks are.
    expect(readFileSync(join(run, 'bin', 'memcue'), 'utf8')).not.toContain(ROOT);
    expect(readFileSync(join(run, 'bin', 'memcue'), 'utf8')).toContain(join(run, '..', '.memcue-bin', 'memcue'));
  });

  it('reads the command of a call past global options', () => {
    expect(commandOf(['search', 'x'])).toBe('search');
    expect(commandOf(['--db', '/x.db', '-n', '3', 'search', 'x'])).toBe('search');
    expect(commandOf(['-in', 'all', 'list'])).toBe('list');
    expect(commandOf(['--json'])).toBeUndefined();
    expect(countSearches('/nonexistent/calls.log')).toBe(0);
    expect(countOutputChars('/nonexistent/memcue-output.log')).toBe(0);
  });
});

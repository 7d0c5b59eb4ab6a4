// The hook's stdin is the agent client's pipe, and the hook must not trust it (util/stdio.ts
// readJsonValue): a client that keeps the pipe open after its JSON, one that writes nothing, and
// /dev/zero must all get an answer at once, from a read of at most one bounded JSON value. Real
// processes (the Node bundle, and the compiled binary where built): the failure is a hang.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BINARY, BUNDLE, cli, isolatedEnv, tempDir } from '../helpers.js';
import { repoDir } from './fixtures.js';

interface Ended {
  code: number | null;
  stdout: string;
  /** Whether it ended on its own, with stdin still open (the test closes stdin only after 20 s). */
  answeredWithStdinOpen: boolean;
}

/** Runs the hook with `input` written to a stdin the test keeps open (or with stdin from `stdinFile`). */
function hook(command: string[], env: Record<string, string>, input: string | undefined, stdinFile?: string): Promise<Ended> {
  const fd = stdinFile ? openSync(stdinFile, 'r') : undefined;
  const child = spawn(command[0]!, [...command.slice(1), 'hook', 'claude', 'session-start'], { env, cwd: tempDir(), stdio: [fd ?? 'pipe', 'pipe', 'pipe'] });
  if (fd !== undefined) closeSync(fd);
  let stdout = '';
  child.stdout!.on('data', (d) => (stdout += d));
  if (input !== undefined) child.stdin?.write(input);
  child.stdin?.on('error', () => {}); // it may be gone when the test lets go
  return new Promise((resolve) => {
    let open = true;
    const letGo = setTimeout(() => {
      open = false;
      child.stdin?.end();
      setTimeout(() => child.kill('SIGKILL'), 5_000);
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(letGo);
      child.stdin?.destroy();
      resolve({ code, stdout, answeredWithStdinOpen: open });
    });
  });
}

async function withFacts() {
  const env = isolatedEnv();
  const repo = repoDir();
  await cli(['add', '--kind', 'rule', '--scope', 'global', 'Never deploy on Fridays'], { env, cwd: repo });
  await cli(['add', '--kind', 'decision', 'Postgres 16 for logical replication'], { env, cwd: repo });
  return { env, repo };
}

const runners: [string, string[]][] = [['the Node bundle', [process.execPath, BUNDLE]]];
if (existsSync(BINARY)) runners.push(['the compiled binary', [BINARY]]);

describe.each(runners)('the hook’s stdin, in %s', (_, command) => {
  it('answers as soon as its JSON is read, the client keeping the pipe open', async () => {
    const { env, repo } = await withFacts();
    const r = await hook(command, env, JSON.stringify({ session_id: 's1', cwd: repo, hook_event_name: 'SessionStart', source: 'startup' }));
    expect(r.answeredWithStdinOpen).toBe(true);
    expect(r.code).toBe(0);
    // The repo's decision is there: the cwd came from the JSON that was read.
    expect(r.stdout).toContain('Postgres 16 for logical replication');
  });

  it('answers with the global card when the client writes nothing and never closes the pipe', async () => {
    const { env } = await withFacts();
    const r = await hook(command, env, undefined);
    expect(r.answeredWithStdinOpen).toBe(true);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Never deploy on Fridays');
  });

  it('stops reading /dev/zero at once and exits 0', async () => {
    const { env } = await withFacts();
    const r = await hook(command, env, undefined, '/dev/zero');
    expect(r.answeredWithStdinOpen).toBe(true);
    expect(r.code).toBe(0);
  });

  it('does not read past its bound: 4 MB of one unfinished string is cut off', async () => {
    const { env } = await withFacts();
    const r = await hook(command, env, `{"cwd": "${'x'.repeat(4 << 20)}`);
    expect(r.answeredWithStdinOpen).toBe(true);
    expect(r.code).toBe(0);
  });
});

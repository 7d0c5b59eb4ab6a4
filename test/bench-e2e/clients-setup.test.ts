// How the runner starts each real client (bench/e2e/clients.ts), checked with stand-in executables
// on PATH that record their arguments and environment and answer as the client would: no model and
// no installed client needed. What the real clients then do with it: clients.test.ts.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunLine } from '../../bench/e2e/stats.js';
import { BINARY } from '../helpers.js';
import { e2eIn, tempDir, TINY } from './kit.js';

/** A stand-in client: keeps its argv (one per line) and env beside the working copy, prints `output`. */
function standIn(dir: string, name: string, output: string, extra = ''): void {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\nprintf '%s\\n' "$@" > ../argv.txt\nenv > ../env.txt\n${extra}\nprintf '%s\\n' '${output}'\n`);
  chmodSync(file, 0o755);
}

describe.skipIf(!existsSync(BINARY))('bench:e2e starts the clients', () => {
  const bin = join(tempDir(), 'bin');
  mkdirSync(bin);
  standIn(bin, 'claude', '{"type":"result","subtype":"success","result":"claude: added deploy.sh"}');
  // codex writes its last message to the file after -o
  standIn(bin, 'codex', '{"type":"turn.completed"}', 'while [ $# -gt 0 ]; do [ "$1" = -o ] && echo "codex: added deploy.sh" > "$2"; shift; done');
  standIn(bin, 'gemini', '{"response":"gemini: added deploy.sh"}');

  it.each(['claude', 'codex', 'gemini'])('%s: headless flags, its own HOME, memcue wired by install, the final message kept', (agent) => {
    const root = join(tempDir(), agent);
    const r = e2eIn({ PATH: `${bin}:${process.env.PATH}`, ANTHROPIC_API_KEY: 'sk-test', GEMINI_API_KEY: 'g-test', USER_SECRET_THING: 'not for agents' },
      '--tasks', TINY, '--agent', agent, '--conditions', 'none,file,memcue', '--only', 'deploy-script', '--work', root, '--out', join(root, 'r.jsonl'));
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(join(root, 'r.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RunLine);
    expect(lines.map((l) => [l.condition, l.agent])).toEqual([['none', agent], ['file', agent], ['memcue', agent]]);
    for (const c of ['none', 'file', 'memcue']) {
      const run = join(root, `deploy-script.${c}.1`);
      expect(readFileSync(join(run, 'answer.md'), 'utf8').trim()).toBe(`${agent}: added deploy.sh`);
      const argv = readFileSync(join(run, 'argv.txt'), 'utf8');
      const env = readFileSync(join(run, 'env.txt'), 'utf8');
      expect(env).toContain(`HOME=${join(run, 'home')}\n`);
      expect(env).not.toContain('USER_SECRET_THING');
      expect(env).toContain('ANTHROPIC_API_KEY=sk-test\n'); // credentials pass, whatever the client
      if (agent === 'codex') expect(env).toContain(`CODEX_HOME=${join(run, 'home', '.codex')}\n`);
      const message = readFileSync(join(TINY, 'tasks', 'deploy-script', 'task.md'), 'utf8').trim();
      expect(argv).toContain(message);
      if (agent === 'claude') {
        expect(argv).toMatch(/^-p\n/);
        expect(argv).toContain('--dangerously-skip-permissions\n--output-format\nstream-json\n--verbose\n');
        // Claude Code loads MEMORY.md itself: the prompt is the message alone.
        expect(argv).not.toContain('auto memory');
        const settings = readFileSync(join(run, 'home', '.claude', 'settings.json'), 'utf8');
        if (c === 'memcue') expect(settings).toContain(`${join(run, 'bin', 'memcue')} hook claude session-start`);
        else expect(JSON.parse(settings)).toEqual({ autoMemoryEnabled: c === 'file' });
      } else {
        expect(argv).toContain(agent === 'codex' ? 'exec\n--skip-git-repo-check\n--dangerously-bypass-approvals-and-sandbox\n--dangerously-bypass-hook-trust\n--json\n-o\n' : '--yolo\n--output-format\njson\n');
        // These clients have no auto memory: under `file` the loaded part leads the prompt.
        expect(argv.includes('deploy-02.acme.internal')).toBe(c === 'file');
        const hooks = agent === 'codex' ? join(run, 'home', '.codex', 'hooks.json') : join(run, 'home', '.gemini', 'settings.json');
        expect(existsSync(hooks) && readFileSync(hooks, 'utf8').includes(`hook ${agent} session-start`)).toBe(c === 'memcue');
      }
    }
  });
});

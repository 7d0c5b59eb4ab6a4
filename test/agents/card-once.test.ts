// One card per Claude Code session through resume and compaction (issue 20, item 3), with the real
// client: a session is started, facts are added between its runs (so each run's card differs, as in
// real use: Claude Code drops a repeated context only when its text is the same), then it is resumed,
// compacted (`/compact`, or the API refusing a prompt as too long, which makes Claude Code compact by
// itself), resumed again, and forked. The last request of each run carries the card's rule once, and with the
// hook the newest fact too: hook only, MCP only, and both.
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers.js';
import { bodies, claudeEnv, clientBin, model, run, SENTINEL, setup, TIMEOUT_MS, why } from './client-kit.js';

const claude = clientBin('claude');
type Wiring = 'hook' | 'mcp' | 'both';
/** A run: its prompt and flags (`S`: the session's id); `tooLong`: the first request is refused as too long. */
type Step = { args: string[]; tooLong?: boolean };

const start: Step = { args: ['-p', 'hello', '--session-id', 'S'] };
const resume = (prompt: string): Step => ({ args: ['-p', prompt, '--resume', 'S'] });
const compact: Step = resume('/compact');
const autoCompact = (prompt: string): Step => ({ ...resume(prompt), tooLong: true });
const cont: Step = { args: ['-p', 'go on', '--continue'] };
const fork: Step = { args: ['-p', 'branch', '--resume', 'S', '--fork-session'] };
const forkLatest: Step = { args: ['-p', 'branch again', '--continue', '--fork-session'] };

async function session(wiring: Wiring, steps: Step[]): Promise<void> {
  const { env, agentEnv, repo } = await setup('claude');
  if (wiring === 'mcp') expect((await cli(['uninstall', 'claude'], { env, cwd: repo })).code).toBe(0);
  if (wiring !== 'hook') expect((await cli(['install', 'claude', '--mcp'], { env, cwd: repo })).code).toBe(0);
  const id = crypto.randomUUID();
  for (const [i, step] of steps.entries()) {
    const fact = `STEP${i}-FACT-2c9d rule added before run ${i}`;
    if (i > 0) expect((await cli(['add', '--kind', 'rule', '--scope', 'global', fact], { env, cwd: repo })).code).toBe(0);
    model.tooLong = step.tooLong ? 1 : 0;
    const from = model.requests.length;
    const args = step.args.map((a) => (a === 'S' ? id : a));
    const r = await run(claude!, args, claudeEnv(agentEnv), repo);
    expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    // The session's own requests offer the Bash tool; side requests (a title, the summary) do not.
    const last = bodies(from).filter((b) => b.includes('"name":"Bash"')).pop() ?? '';
    const where = `${wiring}, run ${i}: ${args.join(' ')}`;
    expect(last.split(SENTINEL).length - 1, where).toBe(1);
    // The hook's card is read at every run; Claude Code keeps an MCP server's instructions from the
    // session's start (its transcript holds them) until a compaction.
    if (i > 0 && wiring !== 'mcp') expect(last.includes(fact), `${where}: the newest fact`).toBe(true);
  }
}

describe('Claude Code: one card per session through resume and compaction', () => {
  it.skipIf(!claude)(`hook: resume, /compact, resume, compaction on a too-long prompt, --continue${why('claude')}`, { timeout: TIMEOUT_MS * 2 }, () =>
    session('hook', [start, resume('again'), compact, resume('more'), autoCompact('four'), cont]),
  );
  it.skipIf(!claude)(`hook: a fork by id, then a fork of the latest session${why('claude')}`, { timeout: TIMEOUT_MS * 2 }, () =>
    session('hook', [start, fork, forkLatest]),
  );
  it.skipIf(!claude)(`hook and MCP: /compact, then resume${why('claude')}`, { timeout: TIMEOUT_MS * 2 }, () =>
    session('both', [start, compact, resume('again')]),
  );
  it.skipIf(!claude)(`MCP only: the instructions carry the card: resume, /compact, resume${why('claude')}`, { timeout: TIMEOUT_MS * 2 }, () =>
    session('mcp', [start, resume('again'), compact, resume('more')]),
  );
});

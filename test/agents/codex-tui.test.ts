// Real Codex's TUI (`codex`, not `codex exec`) in a pseudo-terminal after `memcue install codex`, as
// the user meets it: the "Hooks need review" screen, memcue's hook listed there by its name, trusted
// with `t`; then the card reaches the model, `memcue doctor` says the hook is trusted, and
// `memcue uninstall codex` leaves what Codex itself wrote into config.toml in the meantime.
// pty-screen.py runs the TUI and keeps a model of its 120x40 screen; each step waits for a screen.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, cli, ROOT } from '../helpers.js';
import { CODEX_HOOK_NAME } from '../../src/install/wirings.js';
import { bodies, clientBin, model, SENTINEL, TIMEOUT_MS, why } from './client-kit.js';
import { codexHome } from './codex-kit.js';

const codex = clientBin('codex');
const python = spawnSync('python3', ['--version']).status === 0;
const whyNot = why('codex') || (python ? '' : ' (skipped: needs python3 for the pseudo-terminal)');
const ESC = '\u001b';

interface Step {
  /** What the screen shows before the keys are typed (a regular expression). */
  until: string;
  send?: string;
  timeout?: number;
}

/** Runs the TUI through the steps; the screen at each step reached (the last one: where it stopped). */
function drive(command: string[], steps: Step[], env: Record<string, string>, cwd: string): Promise<{ matched: boolean; screen: string }[]> {
  return new Promise((resolve) => {
    const child = spawn('python3', [join(ROOT, 'test', 'agents', 'pty-screen.py'), JSON.stringify(command), JSON.stringify(steps)], { env, cwd });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += `{"matched": false, "screen": ${JSON.stringify(d.toString())}}\n`));
    child.on('close', () => resolve(out.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { matched: boolean; screen: string })));
  });
}

/** What install's note tells the user to expect at Codex's start: the review screen and its three choices. */
const REVIEW_SCREEN = 'Hooks need review\\s+1 hook is new or changed[\\s\\S]*1\\. Review hooks\\s+2\\. Trust all and continue\\s+3\\. Continue without trusting';
/** Once past the review: a prompt, and the fake model's reply. */
const ASK: Step[] = [
  { until: 'Ask Codex', send: 'hello' },
  { until: '› hello', send: '\r' },
  { until: '• ok', timeout: 60 },
];

/** Installs, trusts the hook in the TUI through `steps`, and checks the card reached the model and doctor says trusted. */
async function trustInTui(steps: Step[]) {
  const { home, env, repo } = await codexHome({ trusted: true });
  expect((await cli(['install', 'codex'], { env: { ...env, MEMCUE_BIN: BINARY }, cwd: repo })).code).toBe(0);
  expect((await cli(['doctor'], { env, cwd: repo })).stdout).toContain('Hooks need review');
  const start = model.requests.length;
  const all = [...steps, ...ASK];
  const screens = await drive([codex!], all, { ...env, TERM: 'xterm-256color', FAKE_API_KEY: 'fake' }, repo);
  const stopped = screens.at(-1);
  expect(screens.length === all.length && stopped?.matched, `stopped at step ${screens.length} of ${all.length}, waiting for ${all[screens.length - 1]?.until}:\n${stopped?.screen}`).toBe(true);
  expect(screens.map((s) => s.screen).join('\n')).not.toContain('Unnamed hook');
  expect(bodies(start).some((b) => b.includes(SENTINEL))).toBe(true);
  const doctor = (await cli(['doctor'], { env, cwd: repo })).stdout;
  expect(doctor).toContain('trusted in Codex');
  expect(doctor).not.toContain('Hooks need review');
  return { home, env, repo };
}

describe('Codex TUI', () => {
  it.skipIf(!codex || !python)(`"Hooks need review", Review: memcue's hook is listed by its name; t trusts it, the card reaches the model${whyNot}`, { timeout: TIMEOUT_MS }, async () => {
    const { home, env, repo } = await trustInTui([
      { until: REVIEW_SCREEN, send: '\r' },
      { until: '› SessionStart\\s+1\\s+0\\s+1', send: '\r' },
      { until: `\\[!\\]\\s+1\\s+${CODEX_HOOK_NAME}[^\\n]*new[\\s\\S]*t trust`, send: 't' },
      { until: `${CODEX_HOOK_NAME}[\\s\\S]*Trust\\s+Trusted`, send: ESC },
      { until: 'esc close', send: ESC },
    ]);

    // Codex adds its own tables at the end of config.toml, after memcue's block: the trust it keeps,
    // its TUI state. Uninstall takes out memcue's lines only.
    const config = join(home, '.codex', 'config.toml');
    const trusted = readFileSync(config, 'utf8');
    expect(trusted).toContain('[hooks.state');
    expect((await cli(['uninstall', 'codex'], { env, cwd: repo })).code).toBe(0);
    const after = readFileSync(config, 'utf8');
    expect(after).not.toMatch(/# memcue|writable_roots/);
    for (const line of trusted.split('\n').filter((l) => l.startsWith('[hooks.state') || l.startsWith('[tui') || l.startsWith('trusted_hash'))) expect(after).toContain(line);
  });

  it.skipIf(!codex || !python)(`"Hooks need review", 2. Trust all and continue: the card reaches the model${whyNot}`, { timeout: TIMEOUT_MS }, async () => {
    await trustInTui([{ until: REVIEW_SCREEN, send: '2' }, { until: '› 2\\. Trust all and continue', send: '\r' }]);
  });
});

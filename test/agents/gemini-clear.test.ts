// Real Gemini CLI, interactive in a pseudo-terminal (issue 34, item 3): after /clear and after
// /compress the session's next request carries the card again. Gemini drops what SessionStart
// gives after /clear and fires no SessionStart after a compression; memcue's BeforeAgent hook gives
// the card with the next prompt instead (src/hooks/gemini-events.ts).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { bodies, clientBin, model, SENTINEL, setup, TIMEOUT_MS, why, write } from './client-kit.js';

const gemini = clientBin('gemini');
const python = spawnSync('python3', ['--version']).status === 0;
const whyNot = why('gemini') || (python ? '' : ' (skipped: needs python3 for the pseudo-terminal)');

interface Step {
  until: string;
  send?: string;
  timeout?: number;
}

function drive(command: string[], steps: Step[], env: Record<string, string>, cwd: string): Promise<{ matched: boolean; screen: string }[]> {
  return new Promise((resolve) => {
    const child = spawn('python3', [join(ROOT, 'test', 'agents', 'pty-screen.py'), JSON.stringify(command), JSON.stringify(steps)], { env, cwd });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += `{"matched": false, "screen": ${JSON.stringify(d.toString())}}\n`));
    child.on('close', () => resolve(out.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { matched: boolean; screen: string })));
  });
}

/**
 * Gemini's own child processes may outlive it (pty-screen.py kills the client at the end) and still
 * write into the test's folders while they are removed: they are stopped first.
 */
function stopProcessesIn(dirs: string[]): void {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (dirs.some((dir) => cwd === dir || cwd.startsWith(`${dir}/`))) process.kill(Number(pid), 'SIGKILL');
    } catch {
      /* gone already, or not ours */
    }
  }
}

/** The session's own requests (they offer the shell tool; the router's and summaries' do not). */
const sessionRequests = (from: number) => bodies(from).filter((b) => b.includes('run_shell_command'));
const cards = (body: string | undefined) => (body ?? '').split(SENTINEL).length - 1;

describe('Gemini CLI, interactive', () => {
  it.skipIf(!gemini || !python)(`/clear: the next request carries the card once; /compress: the card comes back${whyNot}`, { timeout: TIMEOUT_MS * 2 }, async () => {
    const { agentEnv, repo } = await setup('gemini', (env) =>
      write(join(env.HOME!, '.gemini', 'settings.json'), '{"security": {"auth": {"selectedType": "gemini-api-key"}}}\n'),
    );
    const env = { ...agentEnv, GEMINI_API_KEY: 'fake', GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_CLI_TRUST_WORKSPACE: 'true', TERM: 'xterm-256color' };
    // Each prompt waits for the fake model's reply ("ok"); /clear for a screen without it; /compress for its message.
    const READY = 'Type your message';
    const type = (text: string, then: string): Step[] => [
      { until: READY, send: text, timeout: 60 },
      { until: `> ${text.slice(0, 20).replace(/[/]/g, '\\/')}`, send: '\r' },
      { until: then, timeout: 60 },
    ];
    // A compression summarizes the older 70% of the history and keeps the rest: a few long turns give
    // it something to shrink (a short history is "not beneficial" to compress, and Gemini keeps it).
    const long = (n: number) => `note${n} ${'lorem ipsum dolor sit amet '.repeat(10)}`;
    const reply = '✦ ok';
    const steps: Step[] = [
      ...type('hello', reply),
      ...type('/clear', `^(?![\\s\\S]*${reply})[\\s\\S]*${READY}`),
      ...type('again', reply),
      ...[1, 2, 3, 4, 5, 6].flatMap((n) => type(long(n), `note${n}[\\s\\S]*${reply}`)),
      ...type('/compress', 'Chat history compressed|Compression was not beneficial|Nothing to compress|Failed to compress'),
      ...type('more', `more[\\s\\S]*${reply}`),
    ];
    const start = model.requests.length;
    const screens = await drive([gemini!, '-m', 'gemini-2.5-pro'], steps, env, repo);
    stopProcessesIn([repo, agentEnv.HOME!]);
    await new Promise((r) => setTimeout(r, 500));
    const stopped = screens.at(-1);
    expect(screens.length === steps.length && stopped?.matched, `stopped at step ${screens.length} of ${steps.length}, waiting for ${steps[screens.length - 1]?.until}:\n${stopped?.screen}`).toBe(true);
    const requests = sessionRequests(start);
    // The request of a prompt: the one whose last message is that prompt.
    const last = (word: string) =>
      requests.filter((b) => (JSON.parse(b) as { contents: { parts: { text?: string }[] }[] }).contents.at(-1)!.parts.some((p) => p.text === word)).pop();
    expect(cards(last('hello')), 'startup').toBe(1);
    expect(cards(last('again')), 'after /clear').toBe(1);
    // A compression that happened dropped the card: the next prompt brings it back, once. One Gemini
    // calls "not beneficial" (a short history, here: the fake model reports no token counts) leaves
    // the history as it was, card included, and the next prompt then carries a second copy.
    const compressed = screens.some((x) => x.screen.includes('Chat history compressed'));
    expect(cards(last('more')), `after /compress (${compressed ? 'compressed' : 'not beneficial'})`).toBe(compressed ? 1 : 2);
  });
});

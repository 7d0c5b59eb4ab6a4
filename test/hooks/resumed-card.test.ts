// A resumed session is given only what changed since the cards its transcript carries
// (src/hooks/resumed-card.ts): read from transcripts written the way Claude Code 2.1.332 and Codex
// 0.171.0 write them (lines as seen in theirs), then through `memcue hook claude session-start`.
import { execFileSync, spawn } from 'node:child_process';
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cardsInTranscript, cardUpdate, continuedTranscript } from '../../src/hooks/resumed-card.js';
import { budgetFor, DEFAULT_BUDGET, measure } from '../../src/hooks/budget.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';
import { repoDir } from './fixtures.js';

const attachment = (text: string) => JSON.stringify({ parentUuid: 'p', attachment: { type: 'hook_additional_context', content: [text], hookName: 'SessionStart:resume', hookEvent: 'SessionStart' }, type: 'attachment', uuid: 'u' });
const boundary = JSON.stringify({ parentUuid: null, logicalParentUuid: 'u', type: 'system', subtype: 'compact_boundary', content: 'Conversation compacted' });
const developer = (text: string) => JSON.stringify({ timestamp: 't', ordinal: 7, type: 'response_item', payload: { type: 'message', id: 'msg_1', role: 'developer', content: [{ type: 'input_text', text }] } });
const compacted = JSON.stringify({ timestamp: 't', type: 'compacted', payload: { message: 'summary', replacement_history: [] } });
const user = (text: string) => JSON.stringify({ type: 'user', message: { role: 'user', content: text }, uuid: 'v' });

function transcript(...lines: string[]): string {
  const path = join(tempDir(), 'session.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const INTRO = '# memcue: long-term memory\n\nYou have a long-term memory.\n\nThe memory holds 2 facts in English.\n';
const card = (...rules: string[]) => `${INTRO}\n## Global rules\n${rules.map((r) => `- ${r}\n`).join('')}`;

describe('cardsInTranscript', () => {
  it("finds memcue's cards since the last compaction, not other hooks' context or the user's words", () => {
    const old = card('old rule [aaaa1111 2026-12-01]');
    const after = card('new rule [bbbb2222 2026-12-02]');
    const path = transcript(attachment(old), user('# memcue: long-term memory, quoted by the user'), boundary, attachment('another hook: hello'), attachment(after));
    expect(cardsInTranscript(path)).toEqual([after]);
  });

  it('reads a Codex rollout file: the card as a developer message, a compaction clears it', () => {
    const old = card('old rule [aaaa1111 2026-12-01]');
    const after = card('new rule [bbbb2222 2026-12-02]');
    expect(cardsInTranscript(transcript(developer(old), developer('<skills_instructions>'), developer(after)))).toEqual([old, after]);
    expect(cardsInTranscript(transcript(developer(old), compacted))).toEqual([]);
  });

  it('is undefined at once for a FIFO or a device named as the transcript (the hook must not wait on it)', () => {
    const fifo = join(tempDir(), 'session.jsonl');
    execFileSync('mkfifo', [fifo]);
    expect(cardsInTranscript(fifo)).toBeUndefined();
    expect(cardsInTranscript('/dev/zero')).toBeUndefined();
  });

  it('is undefined for a transcript that cannot be read, empty when it carries no card', () => {
    expect(cardsInTranscript(join(tempDir(), 'missing.jsonl'))).toBeUndefined();
    expect(cardsInTranscript(transcript(attachment(card('a rule [aaaa1111 2026-12-01]')), boundary, '{not json'))).toEqual([]);
  });
});

describe('cardUpdate', () => {
  const first = card('never deploy on Fridays [aaaa1111 2026-12-01]', 'run make check [cccc3333 2026-12-01]');

  it('stays within the card budget however many ids the old card held (100k)', () => {
    const old = card(...Array.from({ length: 100_000 }, (_, i) => `fact ${i} [${(1e9 + i).toString(36)} 2026-12-01]`));
    for (const budget of [budgetFor('claude'), budgetFor('codex'), DEFAULT_BUDGET]) {
      const update = cardUpdate([old], first, budget);
      expect(measure(budget, update)).toBeLessThanOrEqual(budget.max);
      expect(update).toMatch(/No longer on the card: [0-9a-z]+, .* and 9\d{4} more \(/);
      expect(update).toContain('never deploy on Fridays');
    }
  });

  it('gives the whole card when the session carries none, nothing when the card is the one it carries', () => {
    expect(cardUpdate([], first)).toBe(first);
    expect(cardUpdate([first], first)).toBe('');
  });

  it('gives the new lines under their heading and the ids no longer on the card, not the card again', () => {
    const now = card('staging is on port 8443 [dddd4444 2026-12-03]', 'run make check [cccc3333 2026-12-01]').replace('2 facts', '3 facts');
    const update = cardUpdate([first], now);
    expect(update).toMatch(/^# memcue: card update\n/);
    expect(update).toContain('The memory holds 3 facts in English.');
    expect(update).toContain('## Global rules\n- staging is on port 8443 [dddd4444 2026-12-03]');
    expect(update).toContain('No longer on the card: aaaa1111 (');
    expect(update).not.toContain('run make check');
    expect(update).not.toContain('You have a long-term memory.');
    // The next resume counts the update as carried: nothing more to say.
    expect(cardUpdate([first, update], now)).toBe('');
    // A fact that comes back after it was said gone is new again.
    expect(cardUpdate([first, update], `${now}- never deploy on Fridays [aaaa1111 2026-12-01]\n`)).toContain('- never deploy on Fridays [aaaa1111');
  });

  it('an edited fact (same id, new text) is given again', () => {
    const edited = card('never deploy on Fridays or holidays [aaaa1111 2026-12-01]', 'run make check [cccc3333 2026-12-01]');
    const update = cardUpdate([first], edited);
    expect(update).toContain('- never deploy on Fridays or holidays [aaaa1111 2026-12-01]');
    expect(update).not.toContain('No longer on the card');
  });
});

describe.skipIf(process.platform !== 'linux')('continuedTranscript', () => {
  /** A process whose command line is Claude Code's, as /proc shows it to the hook. */
  async function claudeWith(...args: string[]): Promise<Record<string, string>> {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)', '--', ...args], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    running.push(() => child.kill());
    return { CLAUDE_PID: String(child.pid) };
  }
  const running: (() => void)[] = [];
  afterEach(() => running.splice(0).forEach((stop) => stop()));

  it("is the session's own transcript when it is there; for a fork, the one named by --resume, or the newest for --continue", async () => {
    const dir = tempDir();
    const older = join(dir, '11111111-2222-4333-8444-555555555555.jsonl');
    const newer = join(dir, '66666666-7777-4888-8999-000000000000.jsonl');
    writeFileSync(older, '');
    writeFileSync(newer, '');
    utimesSync(older, new Date('2026-12-01'), new Date('2026-12-01'));
    const fork = join(dir, 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee.jsonl'); // not written yet
    expect(continuedTranscript(older, {})).toBe(older);
    expect(continuedTranscript(fork, await claudeWith('-p', 'x', '--resume', '11111111-2222-4333-8444-555555555555', '--fork-session'))).toBe(older);
    expect(continuedTranscript(fork, await claudeWith('-p', 'x', '--continue', '--fork-session'))).toBe(newer);
    expect(continuedTranscript(fork, await claudeWith('-p', 'x', '--resume', 'my title'))).toBeUndefined();
    expect(continuedTranscript(fork, await claudeWith('-p', 'x'))).toBeUndefined(); // /branch inside a session
    expect(continuedTranscript(fork, {})).toBeUndefined();
  });
});

describe('memcue hook claude session-start on resume', () => {
  it('gives a card update on resume and fork; the whole card at start-up and after a compaction', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    await cli(['add', '--kind', 'rule', '--scope', 'global', 'Never deploy on Fridays'], { env, cwd: repo });
    const context = async (source: string, path: string) => {
      const r = await cli(['hook', 'claude', 'session-start'], { env, cwd: repo, stdin: JSON.stringify({ session_id: 's', transcript_path: path, cwd: repo, hook_event_name: 'SessionStart', source }) });
      expect(r.code).toBe(0);
      return r.stdout === '' ? '' : (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
    };
    const started = await context('startup', join(tempDir(), 'new.jsonl'));
    expect(started).toContain('Never deploy on Fridays');
    const path = transcript(attachment(started));
    expect(await context('resume', path)).toBe(''); // nothing changed: no output at all

    await cli(['add', '--kind', 'rule', '--scope', 'global', 'Staging runs on port 8443'], { env, cwd: repo });
    for (const source of ['resume', 'fork']) {
      const update = await context(source, path);
      expect(update).toContain('# memcue: card update');
      expect(update).toContain('Staging runs on port 8443');
      expect(update).not.toContain('Never deploy on Fridays');
    }
    expect(await context('compact', path)).toBe((await cli(['card'], { env, cwd: repo })).stdout);
    expect(await context('resume', transcript(attachment(started), boundary))).toBe((await cli(['card'], { env, cwd: repo })).stdout);
  });
});

// What a session is told. For the `manual` agent, brief.md is the whole instruction of a model
// instance that sees only the run's folder; for a headless client whose own loader does not read the
// condition's context (Codex and Gemini CLI have no Claude Code auto memory), the same section leads
// the prompt.
import { join } from 'node:path';
import type { Condition, Prepared } from './conditions.js';

/** The condition's context as the session would have it, with where the rest is. */
export function contextSection(condition: Condition, prepared: Prepared, run: string): string {
  if (condition === 'none') return '';
  if (prepared.memoryPath) {
    return [
      '## Your auto memory (loaded at session start)',
      '',
      `You have a persistent memory folder at \`${join(prepared.memoryPath, '..')}\`: its MEMORY.md holds what earlier sessions in this project learned. A session loads its first 200 lines (at most 25 KB); this is what was loaded:`,
      '',
      prepared.context.trimEnd(),
      '',
    ].join('\n');
  }
  return [
    '## Session start context (from a SessionStart hook)',
    '',
    prepared.context.trimEnd(),
    '',
    `\`memcue\` is on your PATH once you run \`export PATH="${join(run, 'bin')}:$PATH"\` in your shell (it is \`${join(run, 'bin', 'memcue')}\`).`,
    '',
  ].join('\n');
}

export function manualBrief(message: string, condition: Condition, prepared: Prepared, run: string): string {
  const work = join(run, 'work');
  const section = contextSection(condition, prepared, run);
  return [
    '# Your task',
    '',
    `You are a coding agent working for a user in the git repository \`${work}\`. Everything you may use is in \`${run}\`: do not read, list or search anything outside that folder.`,
    '',
    ...(section ? [section] : []),
    "## The user's message",
    '',
    message.trimEnd(),
    '',
    '## How to work',
    '',
    `- Do the task in \`${work}\`, as you would in a real session; run the repository's tests if you want.`,
    `- When done, write your final message to the user (what you did, and whatever you were asked to tell) to \`${join(run, 'answer.md')}\`.`,
    `- Do not read, list or search anything outside \`${run}\`.`,
    '',
  ].join('\n');
}

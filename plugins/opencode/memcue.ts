// memcue-plugin: long-term memory for OpenCode (installed by `memcue install opencode`).
//
// memcue is pull-based: nothing is pushed into prompts per turn. This plugin adds memcue's card to
// the system prompt (how to use the memory, this repository's rules and decisions, the
// global rules); the model searches and adds facts itself with `memcue search` / `memcue add` through
// its shell tool. The card is made once per session and again after the session is compacted.
//
// The hook names follow OpenCode's plugin documentation (`experimental.chat.system.transform`,
// whose output carries the `system` string list, and the `event` hook with `session.compacted`);
// the types below are the parts this plugin uses, written out so the file has no dependencies.
import { spawnSync } from 'node:child_process';

// `memcue install opencode` writes the installing binary's path here.
const DEFAULT_BIN = 'memcue';

interface PluginInput {
  directory?: string;
  worktree?: string;
}

interface SystemTransformInput {
  sessionID?: string;
}

interface SystemTransformOutput {
  system: string[];
}

interface EventInput {
  event: { type: string };
}

/** `memcue card` in the project's folder; empty (and no prompt change) when memcue is missing. */
function readCard(directory: string | undefined): string {
  const done = spawnSync(process.env.MEMCUE_BIN || DEFAULT_BIN, ['card'], {
    cwd: directory,
    encoding: 'utf8',
    timeout: 10_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return done.status === 0 ? done.stdout : '';
}

export const MemcuePlugin = async ({ directory, worktree }: PluginInput) => {
  const cards = new Map<string, string>();
  return {
    event: async ({ event }: EventInput) => {
      // After compaction the card is given again, fresh (the session may have added rules).
      if (event.type === 'session.compacted') cards.clear();
    },
    'experimental.chat.system.transform': async (input: SystemTransformInput, output: SystemTransformOutput) => {
      const session = input.sessionID ?? '';
      if (!cards.has(session)) cards.set(session, readCard(directory ?? worktree));
      const card = cards.get(session);
      if (card) output.system.push(card);
    },
  };
};

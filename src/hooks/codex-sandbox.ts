// What the card tells a Codex agent about writing: Codex's sandbox is read-only in a folder the user
// has not trusted (config.toml decides, codex-config.ts), and there `memcue add` cannot write, so
// the card must not send the agent to it. Its MCP tools, when registered, run outside the sandbox.
import type { Env } from '../config.js';
import { codexConfigPath, codexMcpCommand, codexSandbox } from '../install/codex-config.js';
import { readFileSync } from 'node:fs';

export function codexWriteNote(env: Env, cwd: string): string | undefined {
  let config = '';
  try {
    config = readFileSync(codexConfigPath(env), 'utf8');
  } catch {
    // no config: Codex's defaults
  }
  if (codexSandbox(config, cwd) !== 'read-only') return undefined;
  if (codexMcpCommand(config) !== undefined) {
    return 'Codex runs your shell commands in a read-only sandbox here, so `memcue add`, `edit` and `forget` cannot write the memory: use the memcue_add and memcue_forget tools instead (they write outside the sandbox).';
  }
  return 'Codex runs your shell commands in a read-only sandbox here, so `memcue add`, `edit` and `forget` cannot write the memory: when something is worth keeping, give the user the exact `memcue add …` command to run instead. `memcue search` works as usual.';
}

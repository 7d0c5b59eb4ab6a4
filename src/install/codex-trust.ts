// Whether Codex will run memcue's hook: Codex keeps the user's trust as a hash of the hook
// (`[hooks.state."<key>"] trusted_hash` in config.toml) and runs the hook only while that hash is the
// hook's current one; a hook changed since (another binary path after a reinstall) is "modified" and
// does not run. The hash is Codex's own (codex-rs/hooks/src/engine/discovery.rs, command_hook_hash,
// and codex-rs/config fingerprint.rs, version_for_toml): SHA-256 of the hook's normalized identity as
// JSON with sorted keys and no spaces. test/agents/codex.test.ts checks it against Codex's own hash.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Env } from '../config.js';
import { codexConfigPath, codexHome } from './codex-config.js';
import { readFile } from './engine.js';
import { isOurCommand } from './json-hooks.js';
import { parseJsonc } from './jsonc.js';
import { stringValue, valueAt } from './toml-lines.js';

/** Codex's hook states: runs (trusted), changed since trusted (modified), never trusted, turned off. */
export type CodexTrust = 'trusted' | 'modified' | 'untrusted' | 'disabled';

interface HookConfig {
  command?: unknown;
  timeout?: unknown;
  async?: unknown;
  statusMessage?: unknown;
}

/** Codex's trust hash of one command hook of a SessionStart matcher group. */
export function codexHookHash(matcher: string | undefined, hook: HookConfig): string {
  // Codex normalizes before hashing: a missing timeout is its default of 600 s, at least 1.
  const timeout = typeof hook.timeout === 'number' ? Math.max(1, hook.timeout) : 600;
  const handler = {
    type: 'command',
    command: String(hook.command),
    timeout,
    async: hook.async === true,
    ...(typeof hook.statusMessage === 'string' ? { statusMessage: hook.statusMessage } : {}),
  };
  const identity = { event_name: 'session_start', ...(matcher === undefined ? {} : { matcher }), hooks: [handler] };
  return `sha256:${createHash('sha256').update(JSON.stringify(sorted(identity))).digest('hex')}`;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]));
}

/** What Codex makes of each of memcue's SessionStart hooks in its hooks.json; empty when there is none. */
export function codexHookTrust(env: Env): CodexTrust[] {
  const hooksPath = join(codexHome(env), 'hooks.json');
  const config = readFile(codexConfigPath(env))?.toString('utf8') ?? '';
  type Group = { matcher?: unknown; hooks?: HookConfig[] };
  let groups: Group[];
  try {
    const parsed = parseJsonc(readFile(hooksPath)?.toString('utf8') ?? '') as { hooks?: { SessionStart?: Group[] } };
    groups = Array.isArray(parsed.hooks?.SessionStart) ? parsed.hooks!.SessionStart! : [];
  } catch {
    return [];
  }
  return groups.flatMap((group, g) =>
    (Array.isArray(group?.hooks) ? group.hooks : []).flatMap((hook, h): CodexTrust[] => {
      if (!isOurCommand(hook?.command, 'codex')) return [];
      const key = `${hooksPath}:session_start:${g}:${h}`;
      if (valueAt(config, ['hooks', 'state', key, 'enabled'])?.trim() === 'false') return ['disabled'];
      const trusted = stringValue(valueAt(config, ['hooks', 'state', key, 'trusted_hash']) ?? '');
      if (trusted === undefined) return ['untrusted'];
      const matcher = typeof group.matcher === 'string' ? group.matcher : undefined;
      return [trusted === codexHookHash(matcher, hook) ? 'trusted' : 'modified'];
    }),
  );
}

// Codex's config.toml: what `memcue install codex` adds to it, and what memcue reads from it.
// Codex runs the agent's commands in a sandbox; in a trusted folder that is workspace-write, which
// writes only the workspace, /tmp and `[sandbox_workspace_write] writable_roots`. So install adds
// memcue's data folder there (`memcue add` then works), between marker comments, and uninstall
// takes exactly that back out (restoring the user's own writable_roots line when it extended one).
import { join } from 'node:path';
import type { Env } from '../config.js';
import { MemcueError } from '../errors.js';
import { homeOf } from './paths.js';
import { YAML_FENCE as FENCE, findBlock, fencedBlock } from './blocks.js';
import type { Target } from './engine.js';
import { MCP_LABEL, type McpLaunch } from './mcp-config.js';
import { removeFenced, WAS } from './toml-fence.js';
import { entries, stringArray, stringValue, tableHeader, tomlString, valueAt } from './toml-lines.js';

export function codexHome(env: Env): string {
  return env.CODEX_HOME || join(homeOf(env), '.codex');
}

export function codexConfigPath(env: Env): string {
  return join(codexHome(env), 'config.toml');
}

const ROOTS = ['sandbox_workspace_write'];
const same = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify(b);

/** `dir` among the writable roots of Codex's workspace-write sandbox. */
export function writableRootTarget(path: string, dir: string): Target {
  return {
    path,
    label: `sandbox writable root ${dir}`,
    has: (current) => current !== null && findBlock(current, FENCE) !== undefined,
    add(current) {
      const text = removeBlock(current ?? '');
      const lines = text.split('\n');
      const header = lines.findIndex((l) => same(tableHeader(l) ?? [], ROOTS));
      const own = entries(text).find((e) => same([...e.table, ...e.key], [...ROOTS, 'writable_roots']));
      if (own && own.table.length === 0) throw shapeError(path, dir);
      if (own) {
        const roots = stringArray(own.value);
        if (!roots) throw shapeError(path, dir);
        if (roots.includes(dir)) return current ?? '';
        const line = `writable_roots = [${[...roots, dir].map(tomlString).join(', ')}]`;
        lines[own.line] = fencedBlock(FENCE, `${WAS}${lines[own.line]}\n${line}`).slice(0, -1);
        return lines.join('\n');
      }
      if (header !== -1) {
        lines.splice(header + 1, 0, fencedBlock(FENCE, `writable_roots = [${tomlString(dir)}]`).slice(0, -1));
        return lines.join('\n');
      }
      if (entries(text).some((e) => e.table.length === 0 && e.key[0] === ROOTS[0])) throw shapeError(path, dir);
      const block = fencedBlock(FENCE, `[${ROOTS[0]}]\nwritable_roots = [${tomlString(dir)}]`);
      return text === '' ? block : `${text}${text.endsWith('\n') ? '' : '\n'}\n${block}`;
    },
    remove: (current) => removeBlock(current),
  };
}

/** The file without our writable root; a `# memcue: was` line inside the block is put back as it was. */
function removeBlock(text: string): string {
  return removeFenced(text, FENCE, (table, key) => same(table, ROOTS) && same(key, ['writable_roots']));
}

function shapeError(path: string, dir: string): MemcueError {
  return new MemcueError(
    'BAD_INPUT',
    `${path}: sandbox_workspace_write.writable_roots is not a one-line list under [sandbox_workspace_write]; nothing was changed`,
    `add ${tomlString(dir)} to writable_roots by hand, then run the install again`,
  );
}

/** `[mcp_servers.memcue]` running `<command> mcp`, the shape `codex mcp add memcue -- <command> mcp` writes. */
export function codexMcpTarget(path: string, command: string): Target {
  const body = `[mcp_servers.memcue]\ncommand = ${tomlString(command)}\nargs = ["mcp"]`;
  const marker = '# memcue:begin (mcp)';
  const fence = { begin: `${marker} written by \`memcue install codex --mcp\`; \`memcue uninstall codex --mcp\` removes it`, end: '# memcue:end (mcp)' };
  return {
    path,
    label: MCP_LABEL,
    // Registered by hand or by `codex mcp add` counts too (doctor lists it); uninstall removes only ours.
    has: (current) => current !== null && codexMcpCommand(current) !== undefined,
    add(current) {
      const text = removeFenced(current ?? '', fence, ownMcp); // a block of an earlier install is written anew
      if (codexMcpCommand(text) === command) return text;
      if (codexMcpCommand(text) !== undefined) {
        throw new MemcueError('BAD_INPUT', `${path} already has an MCP server named memcue; nothing was changed`, 'remove it (codex mcp remove memcue), then run the install again');
      }
      return text === '' ? fencedBlock(fence, body) : `${text}${text.endsWith('\n') ? '' : '\n'}\n${fencedBlock(fence, body)}`;
    },
    remove: (current) => removeFenced(current, fence, ownMcp),
  };
}

/** The MCP block's keys: [mcp_servers.memcue] and the tables under it (Codex's tool approvals). */
const ownMcp = (table: string[]) => table[0] === 'mcp_servers' && table[1] === 'memcue';

/** The command of the `memcue` MCP server in a Codex config.toml, however it got there. */
export function codexMcpCommand(text: string): string | undefined {
  const raw = valueAt(text, ['mcp_servers', 'memcue', 'command']);
  return raw === undefined ? undefined : (stringValue(raw) ?? raw);
}

/** How Codex starts the `memcue` MCP server: command and args (a one-line list), as config.toml has them. */
export function codexMcpLaunch(text: string): McpLaunch | undefined {
  const command = codexMcpCommand(text);
  if (command === undefined) return undefined;
  const args = valueAt(text, ['mcp_servers', 'memcue', 'args']);
  // `[mcp_servers.memcue.env]` lines (or `env.NAME = …`): what Codex adds to the server's environment.
  const env: Record<string, string> = {};
  for (const e of entries(text)) {
    const path = [...e.table, ...e.key];
    if (path.length === 4 && path.slice(0, 3).join('\0') === ['mcp_servers', 'memcue', 'env'].join('\0')) env[path[3]!] = stringValue(e.value) ?? e.value;
  }
  const cwd = stringValue(valueAt(text, ['mcp_servers', 'memcue', 'cwd']) ?? '');
  return { command, args: args === undefined ? [] : (stringArray(args) ?? []), env, ...(cwd ? { cwd } : {}) };
}

/**
 * The sandbox Codex gives a session in `cwd` when the command line does not choose one: the
 * config's `sandbox_mode`, else workspace-write in a folder the user trusted (`[projects."<dir>"]
 * trust_level = "trusted"`, for the folder or one above it), else read-only.
 */
export function codexSandbox(configText: string, cwd: string): 'read-only' | 'workspace-write' | 'danger-full-access' {
  const mode = stringValue(valueAt(configText, ['sandbox_mode']) ?? '');
  if (mode === 'read-only' || mode === 'workspace-write' || mode === 'danger-full-access') return mode;
  for (let dir = cwd; ; dir = join(dir, '..')) {
    if (stringValue(valueAt(configText, ['projects', dir, 'trust_level']) ?? '') === 'trusted') return 'workspace-write';
    if (join(dir, '..') === dir) return 'read-only';
  }
}

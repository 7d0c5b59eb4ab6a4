// Where each agent reads its hooks, plugins and instructions, and what memcue puts there.
// Formats were checked against each agent's documentation (see the notes by each function); what
// could not be confirmed is said where it is used.
import { dirname, join } from 'node:path';
import type { Context } from '../context.js';
import { MemcueError } from '../errors.js';
import { configHome, homeOf } from './paths.js';
import { INSTRUCTION } from './instruction.js';
import { dbFile } from '../store/db-file.js';
import { runHint } from './run-hint.js';
import { readAsset } from './assets.js';
import { hookCommand, memcueBinary, shellQuote } from './binary.js';
import { blockTarget, MARKDOWN_FENCE, ownedFileTarget } from './blocks.js';
import { bridgeNote } from './dsh-bridge.js';
import { dshPatchTarget } from './dsh-patch.js';
import type { Wiring } from './engine.js';
import { jsonHookTarget } from './json-hooks.js';
import { codexConfigPath, codexHome, writableRootTarget } from './codex-config.js';
import { claudeDesktopConfig } from './mcp-clients.js';
import { mcpServersShape, mcpServerTarget } from './mcp-config.js';
import { isMcpAgent, mcpWiring } from './mcp-wirings.js';
import { hermesProviderTarget } from './yaml-provider.js';

import type { InstallAgent } from './agents.js';

export { INSTALL_AGENTS, type InstallAgent } from './agents.js';

export interface InstallOptions {
  project?: boolean;
  profile?: string;
  disableAutoMemory?: boolean;
  /** Register `memcue mcp` as the agent's MCP server instead of wiring its hook (mcp-wirings.ts). */
  mcp?: boolean;
}

const HOOK_TIMEOUT_S = 10;
/** Claude Code's SessionStart sources; `fork` is a forked session (`claude --fork-session`, /branch). */
export const CLAUDE_SESSION_SOURCES = 'startup|resume|clear|compact|fork';
/** Marks the plugin files as ours, and the line install rewrites to point them at the binary. */
const PLUGIN_MARKER = 'memcue-plugin';
const DEFAULT_BIN_LINE = /^(\s*(?:const\s+)?DEFAULT_BIN\s*=\s*)(["'])memcue\2(;?)/m;
/** The Hermes manifest's dependency check, which Hermes runs as a command. */
const CHECK_LINE = /^(\s*check:\s*)"memcue --version"/m;

export function wiringFor(agent: InstallAgent, ctx: Context, opts: InstallOptions = {}): Wiring {
  if (opts.mcp) {
    if (!isMcpAgent(agent)) throw new MemcueError('USAGE', `--mcp is for claude, codex, gemini and opencode; ${agent} takes MCP already`, `run: memcue install ${agent}`);
    return mcpWiring(agent, ctx, opts.project ?? false);
  }
  return WIRINGS[agent](ctx, opts);
}

const WIRINGS: Record<InstallAgent, (ctx: Context, opts: InstallOptions) => Wiring> = { claude, codex, gemini, dsh, hermes, opencode, cursor, 'claude-desktop': claudeDesktop };

function projectRoot(ctx: Context): string {
  return ctx.repo()?.root ?? ctx.cwd;
}

/** Claude Code: settings.json hooks (the plugin in plugins/claude/memcue carries the same hook). */
function claude(ctx: Context, opts: InstallOptions): Wiring {
  const dir = opts.project ? join(projectRoot(ctx), '.claude') : ctx.env.CLAUDE_CONFIG_DIR || join(homeOf(ctx.env), '.claude');
  const disableAutoMemory = opts.disableAutoMemory
    ? {
        label: '"autoMemoryEnabled": false',
        apply(settings: Record<string, unknown>) {
          if (settings.autoMemoryEnabled === false) return false;
          settings.autoMemoryEnabled = false;
          return true;
        },
      }
    : undefined;
  const target = jsonHookTarget(
    join(dir, 'settings.json'),
    'claude',
    {
      event: 'SessionStart',
      matcher: CLAUDE_SESSION_SOURCES,
      hook: { type: 'command', command: hookCommand(ctx.env, 'claude'), timeout: HOOK_TIMEOUT_S },
    },
    disableAutoMemory,
  );
  const notes = opts.disableAutoMemory
    ? []
    : ['Claude Code\'s built-in auto memory may take "remember this" first; `memcue install claude --disable-auto-memory` also sets "autoMemoryEnabled": false.'];
  return { agent: 'claude', targets: [target], notes };
}

/**
 * Codex CLI: ~/.codex/hooks.json (or $CODEX_HOME), a SessionStart command hook (timeout in
 * seconds; `statusMessage` is what Codex shows for it, in /hooks too), and memcue's data folder
 * among config.toml's sandbox writable roots, so `memcue add` can write in a trusted folder.
 */
function codex(ctx: Context): Wiring {
  const target = jsonHookTarget(join(codexHome(ctx.env), 'hooks.json'), 'codex', {
    event: 'SessionStart',
    hook: { type: 'command', command: hookCommand(ctx.env, 'codex'), timeout: HOOK_TIMEOUT_S, statusMessage: CODEX_HOOK_NAME },
  });
  const dataDir = dirname(dbFile(ctx.dbPath).real);
  return {
    agent: 'codex',
    targets: [target, writableRootTarget(codexConfigPath(ctx.env), dataDir)],
    notes: [CODEX_TRUST_STEP, CODEX_SANDBOX_NOTE],
  };
}

/** How Codex names memcue's hook in its review screen and while it runs. */
export const CODEX_HOOK_NAME = 'memcue: memory card';

/**
 * Codex runs a user's hook only once it is trusted (codex-rs/hooks/src/engine/discovery.rs: an
 * untrusted hook is listed, not run; the trust is a hash of the hook kept in config.toml under
 * [hooks.state], which memcue does not write). Hooks are on by default since `[features].hooks` (0.171.0).
 */
export const CODEX_TRUST_STEP =
  `At its next start Codex shows "Hooks need review: 1 hook is new or changed" with 1. Review hooks, 2. Trust all and continue, 3. Continue without trusting. Choose 2 (it trusts every hook listed there), or 1 to look first: Enter on SessionStart lists memcue's hook as "${CODEX_HOOK_NAME}"; press t to trust it, then Esc twice. Until it is trusted no session gets the card (/hooks in Codex opens the same list). For one unattended run: \`codex exec --dangerously-bypass-hook-trust …\`.`;

export const CODEX_SANDBOX_NOTE =
  'In a folder you trust, Codex\'s sandbox (workspace-write) now lets `memcue add` write the memory; in an untrusted folder the sandbox is read-only, so the card tells the agent to hand you the `memcue add` command instead (or install the MCP tools too: `memcue install codex --mcp`, they write outside the sandbox).';

/** Gemini CLI: settings.json hooks; timeout in milliseconds; stdout must be JSON only. */
function gemini(ctx: Context, opts: InstallOptions): Wiring {
  const root = projectRoot(ctx);
  const dir = opts.project ? join(root, '.gemini') : join(homeOf(ctx.env), '.gemini');
  // SessionStart gives the card at startup and resume. Gemini drops what it gives after /clear, and a
  // compression drops the card from history: those two mark the session, and BeforeAgent gives the
  // card with the session's next prompt (hooks/gemini-events.ts).
  const hook = (event: string) => ({ name: 'memcue', type: 'command', command: hookCommand(ctx.env, 'gemini', event), timeout: HOOK_TIMEOUT_S * 1000 });
  const entries = [
    { event: 'SessionStart', hook: hook('session-start') },
    { event: 'BeforeAgent', hook: hook('before-agent') },
    // Gemini fires PreCompress "auto" before every prompt; the matcher keeps the hook to /compress.
    { event: 'PreCompress', matcher: 'manual', hook: hook('pre-compress') },
  ];
  const target = jsonHookTarget(join(dir, 'settings.json'), 'gemini', entries, undefined, true); // Gemini strips comments from settings.json
  // Gemini applies a folder's settings (hooks included) only when the folder is trusted; headless
  // (`gemini -p`) in an untrusted folder it stops with exit 55 before any hook runs.
  const notes = opts.project
    ? [`Gemini CLI runs project hooks only in a trusted folder: when Gemini asks, trust ${root} (or run /permissions in Gemini there).`]
    : [GEMINI_TRUST_NOTE];
  return { agent: 'gemini', targets: [target], notes };
}

export const GEMINI_TRUST_NOTE =
  'Gemini CLI works only in folders you trust: interactive `gemini` asks once per folder; headless `gemini -p` in an untrusted folder exits with code 55 before the hook runs (trust the folder in `gemini` first, or set GEMINI_CLI_TRUST_WORKSPACE=true for that run).';

/**
 * DeepSeek Harness: its `@deepseek-ai/dsh-hooks-claude-code` bridge runs Claude-Code-format hooks
 * from the file its `configPath` names, mounted by a bare `insert` entry in the profile's
 * cordis.patch.yml (dsh-patch.ts); dsh also reads $DSH_HOME/AGENTS.md and the project's AGENTS.md.
 * The bridge package is not part of dsh: it has to be added to the profile (dsh-bridge.ts).
 */
function dsh(ctx: Context, opts: InstallOptions): Wiring {
  const home = ctx.env.DSH_HOME || join(homeOf(ctx.env), '.dsh');
  const profile = opts.profile ?? 'web';
  if (!/^[\w.-]+$/.test(profile)) throw new MemcueError('USAGE', `bad dsh profile name "${profile}"`, 'use the name of a folder under ~/.dsh/profiles');
  const hooksFile = join(home, 'memcue', 'hooks.json');
  const hooks = {
    hooks: { SessionStart: [{ hooks: [{ type: 'command', command: hookCommand(ctx.env, 'dsh'), timeout: HOOK_TIMEOUT_S }] }] },
  };
  const patch = [
    '- insert:',
    '    - id: memcue-hooks-claude-code',
    '      name: "@deepseek-ai/dsh-hooks-claude-code"',
    '      config:',
    `        configPath: ${JSON.stringify(hooksFile)}`,
  ].join('\n');
  const agentsMd = opts.project ? join(projectRoot(ctx), 'AGENTS.md') : join(home, 'AGENTS.md');
  return {
    agent: 'dsh',
    targets: [
      ownedFileTarget(hooksFile, 'SessionStart hook for the Claude Code hooks bridge', `${JSON.stringify(hooks, null, 2)}\n`, 'hook dsh session-start'),
      dshPatchTarget(join(home, 'profiles', profile, 'cordis.patch.yml'), `hooks bridge mounted in profile ${profile}`, patch),
      blockTarget(agentsMd, 'AGENTS.md block', MARKDOWN_FENCE, agentsBlock(ctx)),
    ],
    notes: [bridgeNote(home, profile), `Check that the bridge is mounted: dsh --profile ${profile} --dump-config | grep memcue`],
  };
}

/** The instruction, and (like the card) the command to run when `memcue` is not on PATH. */
function agentsBlock(ctx: Context): string {
  const hint = runHint(ctx.env);
  return `${INSTRUCTION}${hint ? `\n${hint}\n` : ''}\nAt session start memcue also gives you its card: this repository's rules and decisions, then the global rules.\n`;
}

/** Hermes Agent: a memory-provider plugin in $HERMES_HOME/plugins/memcue, chosen by memory.provider. */
function hermes(ctx: Context): Wiring {
  const home = ctx.env.HERMES_HOME || join(homeOf(ctx.env), '.hermes');
  const dir = join(home, 'plugins', 'memcue');
  return {
    agent: 'hermes',
    targets: [
      ownedFileTarget(join(dir, 'plugin.yaml'), 'plugin manifest', withCheck(readAsset('hermes/memcue/plugin.yaml'), ctx), PLUGIN_MARKER),
      ownedFileTarget(join(dir, '__init__.py'), 'memory provider', withBinary(readAsset('hermes/memcue/__init__.py'), ctx), PLUGIN_MARKER),
      hermesProviderTarget(join(home, 'config.yaml')),
    ],
    notes: ['Restart Hermes (and its gateway) to load the provider.'],
  };
}

/** OpenCode: a local plugin file, loaded at start-up from ~/.config/opencode/plugins or .opencode/plugins. */
function opencode(ctx: Context, opts: InstallOptions): Wiring {
  const dir = opts.project ? join(projectRoot(ctx), '.opencode', 'plugins') : join(configHome(ctx.env), 'opencode', 'plugins');
  return {
    agent: 'opencode',
    targets: [ownedFileTarget(join(dir, 'memcue.ts'), 'plugin', withBinary(readAsset('opencode/memcue.ts'), ctx), PLUGIN_MARKER)],
    notes: ['Restart OpenCode to load the plugin.'],
  };
}

/**
 * Cursor: `memcue mcp` as an MCP server in ~/.cursor/mcp.json, or the repo's .cursor/mcp.json, which
 * teams commit: there no path of this machine, but `npx -y memcue mcp`, which runs on any teammate's.
 */
function cursor(ctx: Context, opts: InstallOptions): Wiring {
  const dir = opts.project ? join(projectRoot(ctx), '.cursor') : join(homeOf(ctx.env), '.cursor');
  const shape = opts.project ? { container: 'mcpServers', entry: { command: 'npx', args: ['-y', 'memcue', 'mcp'] } } : mcpServersShape(memcueBinary(ctx.env));
  const notes = ['Restart Cursor (or toggle memcue in Settings → MCP) to start the server.'];
  if (opts.project) notes.push('.cursor/mcp.json runs `npx -y memcue mcp`, so it works on every machine with Node (no path of yours in it).');
  return { agent: 'cursor', targets: [mcpServerTarget(join(dir, 'mcp.json'), shape)], notes };
}

/** Claude Desktop: `memcue mcp` as an MCP server in claude_desktop_config.json. */
function claudeDesktop(ctx: Context): Wiring {
  return {
    agent: 'claude-desktop',
    targets: [mcpServerTarget(claudeDesktopConfig(ctx.env), memcueBinary(ctx.env))],
    notes: ['Quit and reopen Claude Desktop to start the server.'],
  };
}

/** Points a plugin at this memcue binary, so it works even when memcue is not on the agent's PATH. */
function withBinary(source: string, ctx: Context): string {
  const bin = memcueBinary(ctx.env);
  if (bin === 'memcue') return source;
  return source.replace(DEFAULT_BIN_LINE, (_all, head: string, _q: string, semi: string) => `${head}${JSON.stringify(bin)}${semi}`);
}

/** Points the manifest's `memcue --version` check at this memcue binary too. */
function withCheck(manifest: string, ctx: Context): string {
  const bin = memcueBinary(ctx.env);
  return bin === 'memcue' ? manifest : manifest.replace(CHECK_LINE, (_all, head: string) => `${head}${JSON.stringify(`${shellQuote(bin)} --version`)}`);
}

// `memcue doctor`: everything one needs to tell why an agent does not get its memory.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '../context.js';
import { homeOf, hookLogPath } from '../install/paths.js';
import { readHookLog } from '../hooks/hook-log.js';
import { claudePlugins } from '../install/claude-plugins.js';
import { bridgeAddCommand, findBridge } from '../install/dsh-bridge.js';
import { readFile, wiredTargets, type Target } from '../install/engine.js';
import { codexMcpLaunch } from '../install/codex-config.js';
import { codexHookTrust } from '../install/codex-trust.js';
import { ourHookEvents } from '../install/json-hooks.js';
import { MCP_LABEL, mcpServerLaunch } from '../install/mcp-config.js';
import { runMcp } from '../install/mcp-probe.js';
import { isMcpAgent } from '../install/mcp-wirings.js';
import { ourHookCommands, pluginBinary, runHook, runVersion, type Probe } from '../install/probe.js';
import { CODEX_HOOK_NAME, CODEX_TRUST_STEP, INSTALL_AGENTS, wiringFor } from '../install/wirings.js';
import { openLiveIndex, readDeltaFile, searchFileEnabled, snapshotFiles } from '../snapshot/files.js';
import { dbFile } from '../store/db-file.js';
import { checkConstraintFailures } from '../store/check-constraints.js';
import { forgetChecked } from '../store/integrity.js';
import { SCHEMA_VERSION, schemaVersion } from '../store/schema.js';
import { withStore } from '../store/store.js';
import { isCompact } from '../store/fact-index.js';
import { derivedDisagreement } from '../store/heads.js';
import { foreignTriggers, guardProblems } from '../store/trigger-guard.js';
import { VERSION } from '../version.js';
import { json } from '../format.js';
import { visible } from '../facts/validate.js';

interface DatabaseHealth {
  path: string;
  exists: boolean;
  bytes?: number;
  integrity?: string;
  schema?: number;
  facts?: number;
  versions?: number;
  /** memcue's triggers on facts, where not as memcue made them (trigger-guard.ts). */
  triggers?: string[];
  /** How heads and the index disagree with the facts (heads.ts). */
  derived?: string[];
  /** Triggers another program put on memcue's tables ("evil_del on facts"): writes refuse while they are there. */
  foreign_triggers?: string[];
  error?: string;
}

interface AgentWiring {
  agent: string;
  /** How it is wired: the files that carry memcue's part, and what running their command gave. */
  wired: { path: string; what: string; runs?: Probe[] }[];
  /** What the agent still needs before the wiring works (Codex trust, the dsh bridge). */
  notes: string[];
}

/** The exit status when doctor finds something wrong (1 stays a usage error, 2 memcue's own failure). */
const FOUND_PROBLEMS = 3;

export async function run(ctx: Context, opts: { json?: boolean }): Promise<number> {
  const repo = ctx.repo();
  const database = await databaseHealth(ctx);
  const agents = await agentWirings(ctx);
  const search_file = searchFileHealth(ctx);
  const report: DoctorReport = {
    version: VERSION,
    database,
    search_file,
    repo: repo ? { id: repo.id, root: repo.root } : null,
    agents,
    hook_log: hookLog(ctx),
    problems: problemsOf(database, agents, search_file),
  };
  if (opts.json) ctx.stdout(json(report));
  else printReport(ctx, report);
  const { problems } = report;
  if (problems.length === 0) return 0;
  ctx.stderr(`memcue: doctor found ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${visible(problems.join('; '))}\n`);
  return FOUND_PROBLEMS;
}

/**
 * What stops memory from working, in a few words each. Advice is not among them: a v4 file works as
 * it is (compact is the user's call), past hook errors are history, an agent not wired may be unused,
 * Codex's trust and dsh's bridge are steps the doctor's text names.
 */
function problemsOf(db: DatabaseHealth, agents: AgentWiring[], search: SearchFileHealth): string[] {
  const problems: string[] = [];
  // Derived and never served so, but something edited it or the disk flips bits: worth knowing.
  if (search.state === 'damaged') problems.push(`${search.damaged} is damaged (not used)`);
  if (db.error) problems.push(`the database: ${db.error}`);
  else if (db.integrity !== undefined && db.integrity !== 'ok') problems.push(`the database's integrity check: ${db.integrity.split('\n')[0]}`);
  if (db.triggers?.length) problems.push(`memcue's triggers on facts (${db.triggers.join(', ')})`);
  if (db.foreign_triggers?.length) problems.push(`triggers memcue did not make (trigger ${db.foreign_triggers.join(', trigger ')})`);
  if (db.derived?.length) problems.push(`heads and the search index disagree with the facts (${db.derived.join(', ')})`);
  for (const { agent, wired } of agents) {
    for (const probe of wired.flatMap((w) => w.runs ?? [])) {
      if (probe.exit_code !== 0 || probe.failed) problems.push(`${agent}: ${probe.command} ${probe.exit_code === null || probe.failed ? probe.result : `exits ${probe.exit_code}`}`);
    }
  }
  return problems;
}

interface DoctorReport {
  version: string;
  database: DatabaseHealth;
  search_file: SearchFileHealth;
  repo: { id: string; root: string } | null;
  agents: AgentWiring[];
  hook_log: ReturnType<typeof hookLog>;
  problems: string[];
}

function printReport(ctx: Context, report: DoctorReport): void {
  const db = report.database;
  const lines = [`memcue ${report.version}`];
  if (db.error) lines.push(`database  ${db.path}: ERROR ${db.error}`);
  else if (!db.exists) lines.push(`database  ${db.path}: not created yet (the first \`memcue add\` creates it)`);
  else {
    lines.push(`database  ${db.path}: integrity ${db.integrity}, schema ${db.schema}, ${db.facts} facts, ${db.versions} versions, ${db.bytes} bytes`);
    // A v4 file works as it is; converting it is the user's call (it re-indexes every fact).
    if (db.schema !== undefined && db.schema < SCHEMA_VERSION) lines.push(`${' '.repeat(10)}\`memcue compact\` gives it the smaller index of schema ${SCHEMA_VERSION} (~140 bytes a fact less)`);
    if (db.triggers?.length) {
      lines.push(`${' '.repeat(10)}memcue's triggers on facts are not as memcue made them (${db.triggers.join(', ')}; another program dropped or changed them): the next write (e.g. \`memcue add\`) puts them back and rebuilds the search index from the facts`);
    }
    if (db.foreign_triggers?.length) {
      const names = db.foreign_triggers.map((t) => `DROP TRIGGER ${t.split(' ')[0]};`).join(' ');
      lines.push(`${' '.repeat(10)}triggers memcue did not make (trigger ${db.foreign_triggers.join(', trigger ')}): writes refuse while they are there; drop them if they are not yours on purpose (sqlite3 ${db.path} '${names}')`);
    }
    if (db.derived?.length) lines.push(`${' '.repeat(10)}heads and the search index disagree with the facts (${db.derived.join(', ')}): \`memcue compact\` rebuilds them from the facts`);
  }
  lines.push(`search    ${describeSearchFile(report.search_file)}`);
  lines.push(`repo      ${report.repo ? `${report.repo.id} (${report.repo.root})` : `none: ${ctx.cwd} is not in a git repository`}`);
  lines.push('agents');
  for (const { agent, wired, notes } of report.agents) {
    if (wired.length === 0) lines.push(`  ${agent.padEnd(9)} not wired (memcue install ${agent})`);
    for (const w of wired) {
      lines.push(`  ${agent.padEnd(9)} ${w.what}: ${w.path}`);
      for (const probe of w.runs ?? []) lines.push(`${' '.repeat(12)}ran ${probe.command}: exit ${probe.exit_code ?? '-'}, ${probe.result}`);
    }
    for (const note of notes) lines.push(`${' '.repeat(12)}${note}`);
  }
  const errors = report.hook_log.last_errors;
  const problem = report.hook_log.problem;
  lines.push(`hook log  ${report.hook_log.path}: ${problem ? `${problem}, not read (the next hook error replaces it)` : errors.length ? 'last errors:' : 'no errors'}`);
  for (const line of errors) lines.push(`  ${line}`);
  ctx.stdout(`${lines.join('\n')}\n`);
}

function hookLog(ctx: Context): { path: string; last_errors: string[]; problem?: string } {
  const { lines, problem } = readHookLog(ctx.env, 5);
  return { path: hookLogPath(ctx.env), last_errors: lines, ...(problem ? { problem } : {}) };
}

async function databaseHealth(ctx: Context): Promise<DatabaseHealth> {
  const path = ctx.dbPath;
  if (!existsSync(path)) return { path, exists: false };
  try {
    return await withStore(path, false, (store) => {
      const db = store!.db;
      const checked = String(db.get('PRAGMA integrity_check')?.integrity_check ?? 'unknown');
      // What the writer's check also finds, which SQLite does not check on a read-only connection.
      const integrity = checked === 'ok' ? (checkConstraintFailures(db)[0] ?? checked) : checked;
      // Damage doctor found is damage the next writer must find too (it checks a file whose state
      // is not the one memcue recorded: bit rot keeps that state, so the record goes).
      if (integrity !== 'ok') forgetChecked(dbFile(path));
      // Heads and the guard are asked of a sound file only: a damaged one says so first.
      const sound = integrity === 'ok';
      return {
        path,
        exists: true,
        bytes: statSync(path).size,
        integrity,
        schema: schemaVersion(db),
        facts: Number(db.get(`SELECT count(*) AS n FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE f.state = 'active'`)?.n ?? 0),
        versions: Number(db.get('SELECT count(*) AS n FROM facts')?.n ?? 0),
        triggers: sound && isCompact(db) ? guardProblems(db) : [],
        derived: sound ? derivedDisagreement(db) : [],
        foreign_triggers: foreignTriggers(db),
      };
    });
  } catch (err) {
    return { path, exists: true, error: err instanceof Error ? err.message : String(err) };
  }
}

interface SearchFileHealth {
  path: string;
  /**
   * current: searches and cards need no SQLite; outdated: the next search rebuilds it; damaged: its
   * delta disagrees with its checksums (edited or bit rot), so it is not used.
   */
  state: 'current' | 'outdated' | 'missing' | 'off' | 'damaged';
  /** The damaged file (the delta). */
  damaged?: string;
  facts?: number;
  /** Facts added and removed since it was built (kept in the delta file). */
  changed_since_built?: number;
}

function searchFileHealth(ctx: Context): SearchFileHealth {
  const real = dbFile(ctx.dbPath).real;
  const path = snapshotFiles(real).base;
  if (!searchFileEnabled(ctx.env)) return { path, state: 'off' };
  if (!existsSync(path)) return { path, state: 'missing' };
  const delta = snapshotFiles(real).delta;
  if (readDeltaFile(delta, real) === 'damaged') return { path, state: 'damaged', damaged: delta };
  const live = openLiveIndex(real);
  if (!live) return { path, state: 'outdated' };
  return { path, state: 'current', facts: live.docs, changed_since_built: live.added.length + live.removed.size };
}

function describeSearchFile(health: SearchFileHealth): string {
  switch (health.state) {
    case 'off':
      return 'search file off (MEMCUE_SEARCH_FILE=0): every search starts SQLite';
    case 'missing':
      return `${health.path}: not written yet (the next search writes it)`;
    case 'outdated':
      return `${health.path}: outdated (the next search rebuilds it)`;
    case 'damaged':
      return `${health.damaged}: damaged (it disagrees with its checksums: edited or bit rot): not used, the next search rebuilds the search file`;
    default:
      return `${health.path}: current, ${health.facts} facts, ${health.changed_since_built} changed since it was built`;
  }
}

async function agentWirings(ctx: Context): Promise<AgentWiring[]> {
  const agents: AgentWiring[] = [];
  for (const agent of INSTALL_AGENTS) {
    const wired: AgentWiring['wired'] = [];
    // User-level wiring, and project-level where the agent has it.
    for (const project of [false, true]) {
      try {
        const wirings = [wiringFor(agent, ctx, { project }), ...(isMcpAgent(agent) ? [wiringFor(agent, ctx, { project, mcp: true })] : [])];
        for (const target of wirings.flatMap((w) => wiredTargets(w))) {
          if (!wired.some((w) => w.path === target.path && w.what === target.label)) wired.push({ path: target.path, what: target.label, runs: await probes(ctx, agent, target) });
        }
      } catch (err) {
        wired.push({ path: '', what: `cannot tell: ${err instanceof Error ? err.message : String(err)}` });
      }
    }
    if (agent === 'claude') {
      const { settings, ids } = claudePlugins(ctx.env);
      wired.push(...ids.map((id) => ({ path: settings, what: `plugin ${id} enabled` })));
    }
    agents.push({ agent, wired, notes: wired.length ? agentNotes(ctx, agent, wired) : [] });
  }
  return agents;
}

/**
 * Runs what the file makes the agent run: our hook commands; the MCP server, spoken to as the client
 * does; a plugin's memcue binary.
 */
async function probes(ctx: Context, agent: string, target: Target): Promise<Probe[] | undefined> {
  const text = readFile(target.path)?.toString('utf8') ?? '';
  if (target.label === MCP_LABEL) {
    const launch = mcpServerLaunch(text) ?? codexMcpLaunch(text);
    return launch ? [await runMcp(launch, ctx.env, ctx.cwd)] : undefined;
  }
  const commands = ourHookCommands(text, agent);
  if (commands.length) return commands.map((command) => runHook(command, ctx.env, ctx.cwd));
  const binary = pluginBinary(text);
  return binary ? [runVersion(binary, ctx.env, ctx.cwd)] : undefined;
}

function agentNotes(ctx: Context, agent: string, wired: AgentWiring['wired']): string[] {
  if (agent === 'codex') return [codexTrust(ctx)];
  if (agent === 'gemini') {
    // An install before Gemini's /clear and /compress were handled wrote the SessionStart hook alone.
    return wired
      .filter((w) => w.what.startsWith('SessionStart') && !ourHookEvents(readFile(w.path)?.toString('utf8') ?? '', 'gemini').includes('BeforeAgent'))
      .map((w) => `${w.path} has no BeforeAgent hook, so sessions get no card after /clear or /compress: run \`memcue install gemini${w.path === join(homeOf(ctx.env), '.gemini', 'settings.json') ? '' : ' --project'}\` again`);
  }
  if (agent === 'dsh') {
    const home = ctx.env.DSH_HOME || join(homeOf(ctx.env), '.dsh');
    const bridge = findBridge(home, 'web');
    return [bridge ? `hooks bridge (profile web): ${bridge}` : `hooks bridge missing in profile web: dsh cannot run the hook; run \`${bridgeAddCommand('web')}\``];
  }
  return [];
}

/** Whether Codex runs memcue's hook: the trust it stored must be for the hook as it is now. */
function codexTrust(ctx: Context): string {
  const states = codexHookTrust(ctx.env);
  if (states.length > 0 && states.every((s) => s === 'trusted')) {
    return 'trusted in Codex: the hook is the one you trusted (config.toml keeps a hash of it), so Codex runs it';
  }
  if (states.includes('modified')) {
    return `changed since you trusted it: open /hooks in Codex and trust "${CODEX_HOOK_NAME}" again (Codex runs no changed hook, so until then its sessions get the card only from \`memcue install codex --mcp\`)`;
  }
  if (states.includes('disabled')) return `turned off in Codex: open /hooks in Codex and turn "${CODEX_HOOK_NAME}" on again`;
  return CODEX_TRUST_STEP;
}

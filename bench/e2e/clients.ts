// The real agent clients, headless, one fresh session per run in the run's own HOME: Claude Code
// (`claude -p`), Codex (`codex exec`) and Gemini CLI (`gemini -p`). memcue reaches them as a user
// wires it, `memcue install <agent>` (the card arrives by the client's own SessionStart hook);
// Claude Code reads the `file` condition's MEMORY.md itself, the other two get it leading the prompt.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { contextSection } from './brief.js';
import type { Condition, Prepared } from './conditions.js';
import { runEnv } from './memcue-env.js';

export const CLIENT_AGENTS = ['claude', 'codex', 'gemini'] as const;
export type ClientAgent = (typeof CLIENT_AGENTS)[number];

const PACKAGE: Record<ClientAgent, string> = { claude: '@anthropic-ai/claude-code', codex: '@openai/codex', gemini: '@google/gemini-cli' };
const TIMEOUT_MS = Number(process.env.MEMCUE_E2E_TIMEOUT_S ?? 1800) * 1000;

/** The client's executable: on PATH, else where scripts/agent-clients.sh installs it. */
export function clientBin(agent: ClientAgent): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir && existsSync(join(dir, agent))) return join(dir, agent);
  const cache = process.env.MEMCUE_AGENT_CLIENTS ?? join(homedir(), '.cache', 'memcue', 'agent-clients');
  const bin = join(cache, agent, 'node_modules', '.bin', agent);
  if (existsSync(bin)) return bin;
  throw new Error(`${agent} is not installed: npm i -g ${PACKAGE[agent]}, or sh scripts/agent-clients.sh ${agent}`);
}

/** Credentials and model choice pass through; nothing else of the user's environment does. */
function clientEnv(run: string, extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { ...runEnv(run), ...extra };
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && /^(ANTHROPIC_|CLAUDE_CODE_|OPENAI_|CODEX_API_KEY|GEMINI_|GOOGLE_|AWS_|HTTPS?_PROXY$|NO_PROXY$)/i.test(key)) env[key] = value;
  }
  // Claude Code refuses to skip permission prompts as root outside a sandbox; a run's HOME and copy are one.
  if (process.getuid?.() === 0) env.IS_SANDBOX = '1';
  return env;
}

function install(run: string, work: string, agent: ClientAgent, env: Record<string, string>): void {
  const wrapper = join(run, 'bin', 'memcue');
  const r = spawnSync(wrapper, ['install', agent], { cwd: work, env: { ...env, MEMCUE_BIN: wrapper }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`memcue install ${agent} failed: ${(r.stderr || r.stdout).trim().split('\n')[0]}`);
}

export interface ClientRun {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The final message, from the client's output. */
  answer: (stdout: string) => string;
}

/** Sets up the run's HOME for `agent` under `condition` and says how to start it. */
export function clientRun(agent: ClientAgent, condition: Condition, prepared: Prepared, run: string, work: string, message: string): ClientRun {
  const home = join(run, 'home');
  const model = process.env.MEMCUE_E2E_MODEL;
  const memcue = condition.endsWith('memcue');
  if (agent === 'claude') {
    const env = clientEnv(run, { DISABLE_AUTOUPDATER: '1' });
    if (memcue) install(run, work, 'claude', env);
    else {
      mkdirSync(join(home, '.claude'), { recursive: true });
      // Auto memory on for `file` (the MEMORY.md is in place), off otherwise: no memory is no memory.
      writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ autoMemoryEnabled: condition !== 'none' }, null, 2) + '\n');
    }
    const args = ['-p', message, '--dangerously-skip-permissions', '--output-format', 'stream-json', '--verbose', ...(model ? ['--model', model] : [])];
    return { command: clientBin('claude'), args, env, answer: claudeAnswer };
  }
  const section = memcue ? '' : contextSection(condition, prepared, run);
  const prompt = section ? `${section}\n${message}` : message;
  if (agent === 'codex') {
    const env = clientEnv(run, { CODEX_HOME: join(home, '.codex') });
    mkdirSync(env.CODEX_HOME!, { recursive: true });
    // A fresh CODEX_HOME has no login: an API key (CODEX_API_KEY) works, or a config.toml of your own
    // (another provider, a local model) copied in; never the user's whole ~/.codex with its hooks.
    const config = process.env.MEMCUE_E2E_CODEX_CONFIG;
    if (config) copyFileSync(config, join(env.CODEX_HOME!, 'config.toml'));
    if (memcue) install(run, work, 'codex', env);
    const answerFile = join(run, 'codex-last-message.md');
    const args = ['exec', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', '--dangerously-bypass-hook-trust', '--json', '-o', answerFile, ...(model ? ['-m', model] : []), prompt];
    return { command: clientBin('codex'), args, env, answer: () => readIfAny(answerFile) };
  }
  const env = clientEnv(run, { GEMINI_CLI_TRUST_WORKSPACE: 'true' });
  // A fresh HOME has no login: with GEMINI_API_KEY, say so in the settings (headless Gemini CLI asks otherwise).
  if (env.GEMINI_API_KEY) {
    mkdirSync(join(home, '.gemini'), { recursive: true });
    writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }, null, 2) + '\n');
  }
  if (memcue) install(run, work, 'gemini', env);
  const args = ['-p', prompt, '--yolo', '--output-format', 'json', ...(model ? ['-m', model] : [])];
  return { command: clientBin('gemini'), args, env, answer: geminiAnswer };
}

function readIfAny(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Claude Code's stream-json ends with a `result` event holding the final message. */
export function claudeAnswer(stdout: string): string {
  for (const line of stdout.trim().split('\n').reverse()) {
    try {
      const event = JSON.parse(line) as { type?: string; result?: string };
      if (event.type === 'result') return event.result ?? '';
    } catch {
      /* not an event line */
    }
  }
  return '';
}

function geminiAnswer(stdout: string): string {
  try {
    return (JSON.parse(stdout) as { response?: string }).response ?? '';
  } catch {
    return stdout;
  }
}

/** Runs the client in the working copy (without blocking: runs may go in parallel); its output is the run's transcript. */
export function runClient(c: ClientRun, run: string, work: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(c.command, c.args, { cwd: work, env: c.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`${c.command}: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString('utf8');
      writeFileSync(join(run, 'transcript.jsonl'), stdout);
      writeFileSync(join(run, 'agent-stderr.txt'), Buffer.concat(err).toString('utf8'));
      if (code !== 0) console.log(`  (${c.command.split('/').pop()} ${signal ? `was stopped after ${TIMEOUT_MS / 1000} s` : `exited ${code}`} in ${run}; see agent-stderr.txt)`);
      resolvePromise(c.answer(stdout));
    });
  });
}

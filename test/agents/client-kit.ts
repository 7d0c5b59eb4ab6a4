// What the real-client tests share: where the clients are, a fake model server per file, running a
// client without blocking (the fake model answers from this process), and a home with memcue wired.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { BINARY, cli, isolatedEnv, type Result } from '../helpers.js';
import { repoDir } from '../hooks/fixtures.js';
import { startFakeModel, type FakeModel } from './fake-model.js';

export const CLIENTS = process.env.MEMCUE_AGENT_CLIENTS;
const BINS = { claude: 'claude', codex: 'codex', gemini: 'gemini', opencode: 'opencode' } as const;
export type Client = keyof typeof BINS;

export function clientBin(name: Client): string | undefined {
  const bin = CLIENTS ? join(CLIENTS, name, 'node_modules', '.bin', BINS[name]) : undefined;
  return bin && existsSync(bin) && existsSync(BINARY) ? bin : undefined;
}

export const why = (name: Client) => (clientBin(name) ? '' : ` (skipped: needs MEMCUE_AGENT_CLIENTS with ${name} installed, and dist/memcue)`);
if (!CLIENTS) console.log('real agent clients: skipped (set MEMCUE_AGENT_CLIENTS, or run npm run test:agents)');

export const SENTINEL = 'SENTINEL-7f3a: run make check before every commit';
export const TIMEOUT_MS = 180_000;

/** The fake model of the test file that imports this (started before its tests). */
export let model: FakeModel;
beforeAll(async () => {
  model = await startFakeModel();
});
afterAll(async () => {
  await model?.close();
});

/** Runs a client without blocking this process (the fake model answers from here). */
/** Claude Code's environment for a run against the fake model: no update check, no other traffic. */
export const claudeEnv = (env: Record<string, string>) => ({
  ...env,
  ANTHROPIC_BASE_URL: model.url,
  ANTHROPIC_API_KEY: 'sk-ant-fake',
  DISABLE_AUTOUPDATER: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
});

export function run(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS - 10_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** A home with one rule in memory, memcue wired with the compiled binary, and a repository to work in. */
export async function setup(agent: string, before?: (env: Record<string, string>) => void, home?: string) {
  const env: Record<string, string> = { ...isolatedEnv(home), MEMCUE_BIN: BINARY, PATH: `${dirname(process.execPath)}:/usr/bin:/bin` };
  const repo = repoDir();
  expect((await cli(['add', '--kind', 'rule', '--scope', 'global', SENTINEL], { env, cwd: repo })).code).toBe(0);
  before?.(env);
  expect((await cli(['install', agent], { env, cwd: repo })).code).toBe(0);
  const { MEMCUE_BIN: _unused, ...agentEnv } = env; // the agent knows nothing of memcue but its hook
  return { env, agentEnv, repo };
}

/** The request bodies since `from`, decoded (some clients escape non-ASCII in JSON). */
export function bodies(from: number): string[] {
  return model.requests.slice(from).map((r) => {
    try {
      return JSON.stringify(JSON.parse(r.body));
    } catch {
      return r.body;
    }
  });
}

export function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}


const homes: string[] = [];
afterEach(() => {
  while (homes.length) {
    const home = homes.pop()!;
    stopProcessesUnder(home);
    rmSync(home, { recursive: true, force: true });
  }
});

/**
 * Codex starts an app-server daemon per home (`…/.codex/packages/app-server-daemon/…`) that outlives
 * the run: without this, every Codex test left one running after its home was removed.
 */
function stopProcessesUnder(home: string): void {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`${home}/`)) process.kill(Number(pid), 'SIGKILL');
    } catch {
      /* gone already, or not ours to read */
    }
  }
}

/**
 * A home outside the temp folder: Codex's workspace-write sandbox always lets commands write /tmp,
 * which would hide that memcue's data folder is not writable. Kept beside the clients, removed after.
 */
export function homeOutsideTmp(): string {
  mkdirSync(join(CLIENTS!, 'homes'), { recursive: true });
  const dir = mkdtempSync(join(CLIENTS!, 'homes', 'h-'));
  homes.push(dir);
  return dir;
}

// install → uninstall round trips in a temporary HOME for every agent: what is written, that a second
// install changes nothing, and that uninstall gives back every file byte for byte.
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTRUCTION } from '../../src/install/instruction.js';
import { BINARY, cli, isolatedEnv, ROOT, runProcess, tempDir } from '../helpers.js';
import { repoDir } from '../hooks/fixtures.js';

const BIN = '/opt/memcue/bin/memcue';
const AGENTS = ['claude', 'codex', 'gemini', 'dsh', 'hermes', 'opencode'] as const;

function installEnv(): Record<string, string> {
  return { ...isolatedEnv(), MEMCUE_BIN: BIN };
}

/** Every file under HOME (bytes) and every folder, except memcue's own state and database. */
function snapshot(env: Record<string, string>): Map<string, string> {
  const files = new Map<string, string>();
  const skip = new Set([env.XDG_STATE_HOME, env.XDG_DATA_HOME, env.MEMCUE_DB]);
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (skip.has(path)) continue;
      if (statSync(path).isDirectory()) {
        files.set(`${relative(env.HOME!, path)}/`, '');
        walk(path);
      } else files.set(relative(env.HOME!, path), readFileSync(path).toString('base64'));
    }
  };
  walk(env.HOME!);
  return files;
}

function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

const read = (path: string) => readFileSync(path, 'utf8');

/** What a user may already have before installing memcue. */
function seed(env: Record<string, string>): void {
  const home = env.HOME!;
  write(
    join(home, '.claude', 'settings.json'),
    JSON.stringify(
      {
        model: 'opus',
        permissions: { allow: ['Bash(ls:*)'] },
        hooks: {
          SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo hello' }] }],
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh' }] }],
        },
      },
      null,
      4,
    ), // four spaces and no final newline: kept as they are
  );
  write(join(home, '.codex', 'hooks.json'), '{\n  "hooks": {\n    "SessionStart": [{"hooks": [{"type": "command", "command": "notify-start"}]}]\n  }\n}\n');
  write(join(home, '.codex', 'config.toml'), '[features]\ncodex_hooks = true\n');
  write(join(home, '.gemini', 'settings.json'), '{\n\t"theme": "GitHub",\n\t"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "audit"}]}]}\n}\n');
  write(join(home, '.dsh', 'AGENTS.md'), '# My rules\n\nAlways answer briefly.');
  write(join(home, '.dsh', 'profiles', 'web', 'cordis.patch.yml'), '# my patches\n- insert:\n    - id: other\n      name: "@someone/plugin"\n');
  write(join(home, '.hermes', 'config.yaml'), 'model:\n  default: deepseek-v4\nmemory:\n    provider: holographic   # the old one\n    memory_enabled: true\nterminal:\n  backend: local\n');
  write(join(home, '.config', 'opencode', 'plugins', 'other.ts'), 'export const Other = async () => ({});\n');
}

async function run(env: Record<string, string>, ...argv: string[]) {
  const r = await cli(argv, { env, cwd: env.HOME });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

describe('install → install → uninstall', () => {
  for (const agent of AGENTS) {
    for (const start of ['an empty home', 'existing configuration'] as const) {
      it(`${agent}, ${start}: writes once, and uninstall gives back every byte`, async () => {
        const env = installEnv();
        if (start === 'existing configuration') seed(env);
        const before = snapshot(env);
        const first = await run(env, 'install', agent);
        expect(first).toContain(`${agent}: wrote `);
        const installed = snapshot(env);
        expect(installed).not.toEqual(before);
        const again = await run(env, 'install', agent);
        expect(again).not.toContain('wrote');
        expect(again).toContain('already there');
        expect(snapshot(env)).toEqual(installed);
        await run(env, 'uninstall', agent);
        expect(snapshot(env)).toEqual(before);
        expect(existsSync(join(env.XDG_STATE_HOME!, 'memcue', 'install', `${agent}.json`))).toBe(false);
      });
    }
  }
});

describe('what install writes', () => {
  it('claude: one SessionStart command hook next to the existing ones, every other key kept', async () => {
    const env = installEnv();
    seed(env);
    const path = join(env.HOME!, '.claude', 'settings.json');
    const original = JSON.parse(read(path));
    await run(env, 'install', 'claude');
    const text = read(path);
    expect(text).toMatch(/^\{\n {4}"model"/); // the file's own indentation
    expect(text.endsWith('}')).toBe(true);
    const settings = JSON.parse(text);
    expect(settings.model).toBe('opus');
    expect(settings.permissions).toEqual(original.permissions);
    expect(settings.hooks.PreToolUse).toEqual(original.hooks.PreToolUse);
    expect(settings.hooks.SessionStart).toEqual([
      ...original.hooks.SessionStart,
      { matcher: 'startup|resume|clear|compact|fork', hooks: [{ type: 'command', command: `${BIN} hook claude session-start`, timeout: 10 }] },
    ]);
    expect(settings.autoMemoryEnabled).toBeUndefined();
  });

  it('claude --disable-auto-memory also sets autoMemoryEnabled false; uninstall takes both back', async () => {
    const env = installEnv();
    seed(env);
    const before = snapshot(env);
    const out = await run(env, 'install', 'claude', '--disable-auto-memory');
    expect(out).toContain('"autoMemoryEnabled": false');
    expect(JSON.parse(read(join(env.HOME!, '.claude', 'settings.json'))).autoMemoryEnabled).toBe(false);
    await run(env, 'uninstall', 'claude');
    expect(snapshot(env)).toEqual(before);
  });

  it('claude --project writes the repository\'s .claude/settings.json', async () => {
    const env = installEnv();
    const repo = repoDir();
    const r = await cli(['install', 'claude', '--project'], { env, cwd: join(repo) });
    expect(r.code).toBe(0);
    expect(JSON.parse(read(join(repo, '.claude', 'settings.json'))).hooks.SessionStart[0].hooks[0].command).toBe(`${BIN} hook claude session-start`);
    expect(existsSync(join(env.HOME!, '.claude'))).toBe(false);
    await cli(['uninstall', 'claude', '--project'], { env, cwd: repo });
    expect(existsSync(join(repo, '.claude'))).toBe(false);
  });

  it('codex and gemini: their own hook entry; gemini\'s timeout in milliseconds', async () => {
    const env = installEnv();
    seed(env);
    await run(env, 'install', 'codex');
    await run(env, 'install', 'gemini');
    const codex = JSON.parse(read(join(env.HOME!, '.codex', 'hooks.json')));
    expect(codex.hooks.SessionStart).toEqual([
      { hooks: [{ type: 'command', command: 'notify-start' }] },
      { hooks: [{ type: 'command', command: `${BIN} hook codex session-start`, timeout: 10, statusMessage: 'memcue: memory card' }] },
    ]);
    const gemini = JSON.parse(read(join(env.HOME!, '.gemini', 'settings.json')));
    expect(gemini.theme).toBe('GitHub');
    expect(gemini.hooks.BeforeTool).toHaveLength(1);
    expect(gemini.hooks.SessionStart).toEqual([{ hooks: [{ name: 'memcue', type: 'command', command: `${BIN} hook gemini session-start`, timeout: 10000 }] }]);
    expect(read(join(env.HOME!, '.gemini', 'settings.json'))).toContain('\n\t"theme"');
  });

  it('dsh: the bridge\'s hooks file, an insert in the profile patch, an AGENTS.md block', async () => {
    const env = { ...installEnv(), DSH_HOME: join(tempDir(), 'dsh home') };
    const out = await run(env, 'install', 'dsh', '--profile', 'headless');
    const hooksFile = join(env.DSH_HOME, 'memcue', 'hooks.json');
    expect(JSON.parse(read(hooksFile))).toEqual({
      hooks: { SessionStart: [{ hooks: [{ type: 'command', command: `${BIN} hook dsh session-start`, timeout: 10 }] }] },
    });
    const patch = read(join(env.DSH_HOME, 'profiles', 'headless', 'cordis.patch.yml'));
    expect(patch).toContain('- insert:\n    - id: memcue-hooks-claude-code\n      name: "@deepseek-ai/dsh-hooks-claude-code"\n      config:\n');
    expect(patch).toContain(`        configPath: ${JSON.stringify(hooksFile)}\n# memcue:end\n`);
    expect(read(join(env.DSH_HOME, 'AGENTS.md'))).toContain(INSTRUCTION);
    expect(out).toContain('dsh --profile headless --dump-config');
  });

  it('hermes: the provider plugin (pointed at this binary) and memory.provider, the rest of config.yaml kept', async () => {
    const env = installEnv();
    seed(env);
    await run(env, 'install', 'hermes');
    const dir = join(env.HOME!, '.hermes', 'plugins', 'memcue');
    expect(read(join(dir, 'plugin.yaml'))).toBe(read(join(ROOT, 'plugins', 'hermes', 'memcue', 'plugin.yaml')).replace('check: "memcue --version"', `check: "${BIN} --version"`));
    const provider = read(join(dir, '__init__.py'));
    expect(provider).toBe(read(join(ROOT, 'plugins', 'hermes', 'memcue', '__init__.py')).replace('DEFAULT_BIN = "memcue"', `DEFAULT_BIN = ${JSON.stringify(BIN)}`));
    expect(read(join(env.HOME!, '.hermes', 'config.yaml'))).toBe(
      'model:\n  default: deepseek-v4\nmemory:\n    provider: memcue # set by memcue install hermes (was: holographic)\n    memory_enabled: true\nterminal:\n  backend: local\n',
    );
  });

  it('opencode: the plugin file, pointed at this binary; --project puts it in .opencode/plugins', async () => {
    const env = installEnv();
    await run(env, 'install', 'opencode');
    const expected = read(join(ROOT, 'plugins', 'opencode', 'memcue.ts')).replace("const DEFAULT_BIN = 'memcue';", `const DEFAULT_BIN = ${JSON.stringify(BIN)};`);
    expect(read(join(env.HOME!, '.config', 'opencode', 'plugins', 'memcue.ts'))).toBe(expected);
    const repo = repoDir();
    expect((await cli(['install', 'opencode', '--project'], { env, cwd: repo })).code).toBe(0);
    expect(read(join(repo, '.opencode', 'plugins', 'memcue.ts'))).toBe(expected);
  });
});

describe('hermes config.yaml', () => {
  const cases: [string, string, string][] = [
    ['no memory section', 'model:\n  default: x\n', 'model:\n  default: x\n# memcue:begin (written by `memcue install`; `memcue uninstall` removes it)\nmemory:\n  provider: memcue\n# memcue:end\n'],
    ['a memory section without provider', 'memory:\n  memory_enabled: true\n', 'memory:\n  provider: memcue # set by memcue install hermes\n  memory_enabled: true\n'],
    ['provider already memcue', 'memory:\n  provider: "memcue"\n', 'memory:\n  provider: "memcue"\n'],
  ];
  for (const [what, before, after] of cases) {
    it(`${what}: ${before === after ? 'left alone' : 'edited in place'}, and put back`, async () => {
      const env = installEnv();
      const path = join(env.HOME!, '.hermes', 'config.yaml');
      write(path, before);
      await run(env, 'install', 'hermes');
      expect(read(path)).toBe(after);
      // Without the install record (state folder wiped) uninstall still removes exactly its part.
      rmSync(join(env.XDG_STATE_HOME!, 'memcue'), { recursive: true, force: true });
      await run(env, 'uninstall', 'hermes');
      expect(read(path)).toBe(before);
    });
  }
});

describe('files edited after install', () => {
  it('claude: uninstall removes only memcue\'s hook and keeps the user\'s new keys', async () => {
    const env = installEnv();
    seed(env);
    await run(env, 'install', 'claude');
    const path = join(env.HOME!, '.claude', 'settings.json');
    const edited = JSON.parse(read(path));
    edited.theme = 'dark';
    writeFileSync(path, JSON.stringify(edited, null, 4));
    expect(await run(env, 'uninstall', 'claude')).toContain('removed memcue\'s part');
    const after = JSON.parse(read(path));
    expect(after.theme).toBe('dark');
    expect(after.hooks.SessionStart).toEqual([{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo hello' }] }]);
  });

  it('dsh: AGENTS.md edited around the block keeps the edits', async () => {
    const env = installEnv();
    seed(env);
    await run(env, 'install', 'dsh');
    const path = join(env.HOME!, '.dsh', 'AGENTS.md');
    writeFileSync(path, `${read(path)}\n## Added later\nKeep this.\n`);
    await run(env, 'uninstall', 'dsh');
    expect(read(path)).toBe('# My rules\n\nAlways answer briefly.\n\n## Added later\nKeep this.\n');
  });
});

describe('a symlinked config (dotfiles)', () => {
  it('is written through to its target and stays a symlink; uninstall restores the target', async () => {
    const env = installEnv();
    const dotfiles = join(tempDir(), 'dotfiles', 'settings.json');
    write(dotfiles, '{"model": "opus"}\n');
    mkdirSync(join(env.HOME!, '.claude'));
    const link = join(env.HOME!, '.claude', 'settings.json');
    symlinkSync(dotfiles, link);
    await run(env, 'install', 'claude');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(read(dotfiles)).hooks.SessionStart).toHaveLength(1);
    await run(env, 'uninstall', 'claude');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(read(dotfiles)).toBe('{"model": "opus"}\n');
  });
});

describe('refusals: nothing is written', () => {
  const cases: [string, string[], (home: string) => string][] = [
    ['claude settings.json that is not JSON', ['install', 'claude'], (home) => {
      write(join(home, '.claude', 'settings.json'), '{ "model": "opus", // a comment\n}');
      return join(home, '.claude', 'settings.json');
    }],
    ['gemini settings.json whose hooks is a list', ['install', 'gemini'], (home) => {
      write(join(home, '.gemini', 'settings.json'), '{"hooks": []}');
      return join(home, '.gemini', 'settings.json');
    }],
    ['hermes memory in flow style', ['install', 'hermes'], (home) => {
      write(join(home, '.hermes', 'config.yaml'), 'memory: {provider: holographic}\n');
      return join(home, '.hermes', 'config.yaml');
    }],
    ['dsh cordis.patch.yml that is not a list', ['install', 'dsh'], (home) => {
      write(join(home, '.dsh', 'profiles', 'web', 'cordis.patch.yml'), 'plugins:\n  - x\n');
      return join(home, '.dsh', 'profiles', 'web', 'cordis.patch.yml');
    }],
  ];
  for (const [what, argv, prepare] of cases) {
    it(what, async () => {
      const env = installEnv();
      const path = prepare(env.HOME!);
      const before = snapshot(env);
      const r = await cli(argv, { env, cwd: env.HOME });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^memcue: ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*nothing was changed.*\\n$`));
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(snapshot(env)).toEqual(before);
      expect(existsSync(join(env.XDG_STATE_HOME!, 'memcue', 'install'))).toBe(false);
    });
  }

  it('an unknown agent is a usage error', async () => {
    const r = await cli(['install', 'windsurf'], { env: installEnv() });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('memcue: unknown agent "windsurf": memcue does not wire it, but any MCP client can run `memcue mcp` (one of: claude, hermes, dsh, codex, gemini, opencode, cursor, claude-desktop; see docs/agents.md#memcue-mcp)\n');
  });
});

describe.skipIf(!existsSync(BINARY))('install from the compiled binary', () => {
  it('points the hook at the binary itself, and that command gives Claude Code its card', () => {
    const dir = tempDir();
    const exe = join(dir, 'my tools', 'memcue'); // off PATH, and a folder name that needs quoting
    mkdirSync(dirname(exe));
    copyFileSync(BINARY, exe);
    const env: Record<string, string> = { ...isolatedEnv(), PATH: '/usr/bin:/bin' };
    const repo = repoDir();
    expect(runProcess(exe, ['add', '--kind', 'decision', 'Deploys go through ArgoCD'], { env, cwd: repo }).code).toBe(0);
    expect(runProcess(exe, ['install', 'claude'], { env, cwd: repo }).code).toBe(0);
    const settings = JSON.parse(read(join(env.HOME!, '.claude', 'settings.json')));
    const command = settings.hooks.SessionStart[0].hooks[0].command as string;
    expect(command).toBe(`'${exe}' hook claude session-start`);
    const input = JSON.stringify({ session_id: 's', cwd: repo, hook_event_name: 'SessionStart', source: 'startup' });
    const r = runProcess('/bin/sh', ['-c', command], { env, cwd: dir, stdin: input });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toContain('decision: Deploys go through ArgoCD');
  });
});

describe('what the agent still needs, said at install', () => {
  it('says previous contents are kept only when there was a file; otherwise how to take it out again', async () => {
    const env = installEnv();
    const fresh = await run(env, 'install', 'claude');
    expect(fresh).not.toContain('previous contents kept');
    expect(fresh).toContain('claude: `memcue uninstall claude` takes it out again\n');
    mkdirSync(join(env.HOME!, '.gemini'), { recursive: true });
    writeFileSync(join(env.HOME!, '.gemini', 'settings.json'), '{"theme": "GitHub"}\n');
    expect(await run(env, 'install', 'gemini')).toContain('gemini: previous contents kept in');
  });

  it('codex: the review screen Codex shows, the hook\'s name there, and no deprecated feature-flag advice', async () => {
    const out = await run(installEnv(), 'install', 'codex');
    // What Codex 0.171.0 shows, screen by screen (test/agents/codex-tui.test.ts walks through it).
    expect(out).toContain('codex: At its next start Codex shows "Hooks need review: 1 hook is new or changed" with 1. Review hooks, 2. Trust all and continue, 3. Continue without trusting.');
    expect(out).toContain('Enter on SessionStart lists memcue\'s hook as "memcue: memory card"; press t to trust it, then Esc twice.');
    expect(out).toContain('--dangerously-bypass-hook-trust');
    expect(out).not.toContain('codex_hooks');
  });

  it('gemini: --project needs the folder trusted; the user-level hook says headless exits 55 outside a trusted folder', async () => {
    const env = installEnv();
    const repo = repoDir();
    const r = await cli(['install', 'gemini', '--project'], { env, cwd: repo });
    expect(r.stdout).toContain(`gemini: Gemini CLI runs project hooks only in a trusted folder: when Gemini asks, trust ${repo} (or run /permissions in Gemini there).`);
    expect(await run(env, 'install', 'gemini')).toContain('headless `gemini -p` in an untrusted folder exits with code 55');
  });

  it('claude: the matcher takes every SessionStart source Claude Code sends, `fork` included', async () => {
    const env = installEnv();
    await run(env, 'install', 'claude');
    const matcher = JSON.parse(read(join(env.HOME!, '.claude', 'settings.json'))).hooks.SessionStart[0].matcher as string;
    for (const source of ['startup', 'resume', 'clear', 'compact', 'fork']) expect(new RegExp(`^(?:${matcher})$`).test(source)).toBe(true);
  });
});

describe('an entry an older memcue wrote', () => {
  it('claude: install again brings the matcher (fork) and the command (absolute) up to date, and uninstall still restores', async () => {
    const env = installEnv();
    const path = join(env.HOME!, '.claude', 'settings.json');
    const old = { hooks: { SessionStart: [{ matcher: 'startup|resume|clear|compact', hooks: [{ type: 'command', command: 'memcue hook claude session-start', timeout: 10 }] }] } };
    write(path, `${JSON.stringify(old, null, 2)}\n`);
    const before = snapshot(env);
    expect(await run(env, 'install', 'claude')).toContain('claude: wrote SessionStart hook');
    expect(JSON.parse(read(path)).hooks.SessionStart).toEqual([
      { matcher: 'startup|resume|clear|compact|fork', hooks: [{ type: 'command', command: `${BIN} hook claude session-start`, timeout: 10 }] },
    ]);
    expect(await run(env, 'install', 'claude')).toContain('already there');
    await run(env, 'uninstall', 'claude');
    expect(snapshot(env)).toEqual(before);
  });
});

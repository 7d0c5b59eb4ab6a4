// `memcue install dsh` against the file dsh itself writes for a new profile (its
// PROFILE_PATCH_TEMPLATE, ending in the empty list `[]`; see data/SOURCES.md), the hooks bridge
// dsh does not ship, and what doctor says about both.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, isolatedEnv, ROOT, tempDir } from '../helpers.js';

const TEMPLATE = readFileSync(join(ROOT, 'test', 'agents', 'data', 'dsh-profile-cordis.patch.yml'), 'utf8');
const ADD_BRIDGE = 'dsh plugin --profile web add @deepseek-ai/dsh-hooks-claude-code';

function dshEnv(): Record<string, string> {
  return { ...isolatedEnv(), MEMCUE_BIN: '/opt/memcue/bin/memcue', DSH_HOME: join(tempDir(), '.dsh') };
}

function freshProfile(env: Record<string, string>): string {
  const path = join(env.DSH_HOME!, 'profiles', 'web', 'cordis.patch.yml');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, TEMPLATE);
  return path;
}

/** The top-level lines that are not comments: a YAML list in block style has only `- ` items. */
const topLevel = (text: string) => text.split('\n').filter((l) => /^\S/.test(l) && !l.startsWith('#'));

describe('install dsh on a profile as dsh writes it', () => {
  it('takes the place of the empty list `[]`, keeps dsh\'s comments, and uninstall gives the file back', async () => {
    const env = dshEnv();
    const path = freshProfile(env);
    const r = await cli(['install', 'dsh'], { env, cwd: env.HOME });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith(TEMPLATE.slice(0, TEMPLATE.indexOf('[]')))).toBe(true);
    expect(text).not.toMatch(/^\[\]/m);
    expect(topLevel(text)).toEqual(['- insert:']);
    expect(text).toContain('    - id: memcue-hooks-claude-code\n      name: "@deepseek-ai/dsh-hooks-claude-code"\n');
    expect((await cli(['uninstall', 'dsh'], { env, cwd: env.HOME })).code).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(TEMPLATE);
  });

  it('edited since: uninstall takes out only its entry and puts `[]` back when the list is empty again', async () => {
    const env = dshEnv();
    const path = freshProfile(env);
    expect((await cli(['install', 'dsh'], { env, cwd: env.HOME })).code).toBe(0);
    writeFileSync(path, `# my note\n${readFileSync(path, 'utf8')}`);
    await cli(['uninstall', 'dsh'], { env, cwd: env.HOME });
    expect(readFileSync(path, 'utf8')).toBe(`# my note\n${TEMPLATE}`);
  });

  it('a profile with entries of its own: the entry goes after them, and they stay', async () => {
    const env = dshEnv();
    const path = freshProfile(env);
    const own = TEMPLATE.replace('[]\n', '- disable:\n    - id: tool-web-search\n');
    writeFileSync(path, own);
    await cli(['install', 'dsh'], { env, cwd: env.HOME });
    expect(topLevel(readFileSync(path, 'utf8'))).toEqual(['- disable:', '- insert:']);
    await cli(['uninstall', 'dsh'], { env, cwd: env.HOME });
    expect(readFileSync(path, 'utf8')).toBe(own);
  });
});

describe('the hooks bridge dsh does not ship', () => {
  it('install says exactly how to add it; once the profile has it, install and doctor say where', async () => {
    const env = dshEnv();
    freshProfile(env);
    const out = (await cli(['install', 'dsh'], { env, cwd: env.HOME })).stdout;
    expect(out).toContain(`\`${ADD_BRIDGE}\``);
    const doctor = (await cli(['doctor'], { env, cwd: env.HOME })).stdout;
    expect(doctor).toContain(`hooks bridge missing in profile web: dsh cannot run the hook; run \`${ADD_BRIDGE}\``);

    // Where `dsh plugin --profile web add` (pnpm in the profile folder) puts the package.
    const bridge = join(env.DSH_HOME!, 'profiles', 'web', 'node_modules', '@deepseek-ai', 'dsh-hooks-claude-code');
    mkdirSync(bridge, { recursive: true });
    writeFileSync(join(bridge, 'package.json'), '{"name": "@deepseek-ai/dsh-hooks-claude-code"}\n');
    expect((await cli(['install', 'dsh'], { env, cwd: env.HOME })).stdout).toContain(`The hooks bridge is installed for profile web: ${bridge}.`);
    expect((await cli(['doctor'], { env, cwd: env.HOME })).stdout).toContain(`hooks bridge (profile web): ${bridge}`);
  });
});

describe('the AGENTS.md block', () => {
  it('names the command to run when memcue is not on the agent\'s PATH', async () => {
    const env: Record<string, string> = { ...dshEnv(), PATH: '/usr/bin:/bin' };
    await cli(['install', 'dsh'], { env, cwd: env.HOME });
    expect(readFileSync(join(env.DSH_HOME!, 'AGENTS.md'), 'utf8')).toContain('`memcue` is not on your PATH here: wherever these instructions say `memcue`, run `/opt/memcue/bin/memcue` instead.');
  });
});

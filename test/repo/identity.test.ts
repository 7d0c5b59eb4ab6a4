import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepo, normalizeRemoteUrl } from '../../src/repo/identity.js';

describe('normalizeRemoteUrl', () => {
  it.each([
    ['git@github.com:a/b.git', 'github.com/a/b'],
    ['https://github.com/a/b', 'github.com/a/b'],
    ['https://user:pw@github.com/a/b.git/', 'github.com/a/b'],
    ['ssh://git@github.com:22/a/b.git', 'github.com/a/b'],
    ['git://github.com/a/b', 'github.com/a/b'],
    ['github.com:a/b', 'github.com/a/b'],
    ['HTTPS://GitHub.COM/Owner/Repo.git', 'github.com/Owner/Repo'],
    ['http://github.com:8080/a/b/', 'github.com/a/b'],
    ['git+ssh://git@github.com/a/b.git', 'github.com/a/b'],
    ['ssh://git@github.com:a/b.git', 'github.com/a/b'],
    ['  git@gitlab.example.com:group/sub/proj.git  ', 'gitlab.example.com/group/sub/proj'],
    ['https://token@bitbucket.org/team/repo.git', 'bitbucket.org/team/repo'],
    ['/srv/git/x.git', 'local:x'],
    ['/srv/git/x.git/', 'local:x'],
    ['/srv/git/x/.git', 'local:x'],
    ['file:///srv/git/x.git', 'local:x'],
    ['../x', 'local:x'],
    ['./x', 'local:x'],
    ['C:\\repos\\x.git', 'local:x'],
  ])('%s -> %s', (url, id) => {
    expect(normalizeRemoteUrl(url)).toBe(id);
  });
});

// Real repositories made by the real git CLI, isolated from the user's git config.
const gitEnv: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_GLOBAL: os.devNull, GIT_CONFIG_NOSYSTEM: '1' };
for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_INDEX_FILE', 'GIT_CEILING_DIRECTORIES']) {
  delete gitEnv[name];
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** What git itself says origin is, or undefined when there is none. */
function gitOriginUrl(cwd: string): string | undefined {
  try {
    return git(cwd, 'config', '--get', 'remote.origin.url');
  } catch {
    return undefined;
  }
}

const tmp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'memcue-identity-')));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
/** A fresh folder under the temp dir. */
function folder(name: string): string {
  const dir = path.join(tmp, `${++counter}`, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function initRepo(name: string, remotes: Array<[string, string]> = []): string {
  const dir = folder(name);
  git(dir, 'init', '-q');
  for (const [remote, url] of remotes) git(dir, 'remote', 'add', remote, url);
  return dir;
}

function commitEmpty(dir: string): void {
  git(dir, '-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 'x');
}

describe('findRepo with real git repositories', () => {
  it('identifies a repo by its origin, from the root and from a subfolder', () => {
    const root = initRepo('project', [['origin', 'git@github.com:acme/api.git']]);
    const sub = path.join(root, 'src', 'deep');
    mkdirSync(sub, { recursive: true });
    expect(gitOriginUrl(sub)).toBe('git@github.com:acme/api.git');
    expect(findRepo(root)).toEqual({ id: 'github.com/acme/api', root });
    expect(findRepo(sub)).toEqual({ id: 'github.com/acme/api', root });
  });

  it('gives the same id to ssh and https clones of one project', () => {
    const viaSsh = initRepo('a', [['origin', 'git@github.com:acme/api.git']]);
    const viaHttps = initRepo('b', [['origin', 'https://github.com/acme/api']]);
    expect(findRepo(viaSsh)?.id).toBe(findRepo(viaHttps)?.id);
  });

  it('identifies a linked worktree by the main repository origin', () => {
    const main = initRepo('main', [['origin', 'https://github.com/acme/api.git']]);
    commitEmpty(main);
    const worktree = path.join(path.dirname(main), 'feature-wt');
    git(main, 'worktree', 'add', '-q', worktree);
    expect(gitOriginUrl(worktree)).toBe('https://github.com/acme/api.git');
    expect(findRepo(worktree)).toEqual({ id: 'github.com/acme/api', root: worktree });
  });

  it('identifies a submodule by its own origin', () => {
    const library = initRepo('library');
    commitEmpty(library);
    const app = initRepo('app', [['origin', 'git@github.com:acme/app.git']]);
    git(app, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', library, 'vendor/lib');
    const submodule = path.join(app, 'vendor', 'lib');
    expect(gitOriginUrl(submodule)).toBe(library);
    expect(findRepo(submodule)).toEqual({ id: 'local:library', root: submodule });
    expect(findRepo(app)?.id).toBe('github.com/acme/app');
  });

  it('does not go up into a GIT_CEILING_DIRECTORIES folder, as git does not', () => {
    const root = initRepo('outer', [['origin', 'git@github.com:acme/outer.git']]);
    const inner = path.join(root, 'tmp', 'work');
    mkdirSync(inner, { recursive: true });
    expect(findRepo(inner)?.id).toBe('github.com/acme/outer');
    expect(findRepo(inner, path.join(root, 'tmp'))).toBeUndefined();
    expect(findRepo(inner, `/nowhere${path.delimiter}relative/dir${path.delimiter}${path.join(root, 'tmp')}`)).toBeUndefined();
    // The folder searched from is never excluded, nor a repository below the ceiling.
    expect(findRepo(root, root)?.id).toBe('github.com/acme/outer');
    expect(findRepo(inner, path.dirname(root))?.id).toBe('github.com/acme/outer');
  });

  it('falls back to the work tree folder name without remotes', () => {
    const root = initRepo('notes-repo');
    expect(gitOriginUrl(root)).toBeUndefined();
    expect(findRepo(root)).toEqual({ id: 'notes-repo', root });
  });

  it('uses the first remote with a url when there is no origin', () => {
    const root = initRepo('fork', [
      ['upstream', 'https://github.com/acme/api.git'],
      ['mine', 'git@github.com:me/api.git'],
    ]);
    expect(findRepo(root)?.id).toBe('github.com/acme/api');
  });

  it('names a clone by its remote, not by its folder', () => {
    const bare = folder('project.git');
    git(bare, 'init', '-q', '--bare');
    const clone = path.join(path.dirname(bare), 'my-checkout');
    git(path.dirname(bare), 'clone', '-q', bare, clone);
    expect(gitOriginUrl(clone)).toBe(bare);
    expect(findRepo(clone)).toEqual({ id: 'local:project', root: clone });

    const renamed = path.join(path.dirname(bare), 'renamed');
    git(path.dirname(bare), 'clone', '-q', bare, renamed);
    git(renamed, 'remote', 'set-url', 'origin', 'https://github.com/acme/project.git');
    expect(findRepo(renamed)).toEqual({ id: 'github.com/acme/project', root: renamed });
  });

  it('returns undefined outside any repository', () => {
    const plain = folder('not-a-repo');
    expect(() => git(plain, 'rev-parse', '--show-toplevel')).toThrow();
    expect(findRepo(plain)).toBeUndefined();
  });

  it('treats an unreadable .git file as a repo without remote', () => {
    const root = folder('broken');
    writeFileSync(path.join(root, '.git'), 'not a gitdir line\n');
    expect(findRepo(root)).toEqual({ id: 'broken', root });
  });
});

describe('findRepo reads config files the way git does', () => {
  // Each config is written into a real repo; git's own answer is the expected url.
  it.each([
    ['quoted value with a comment', '[remote "origin"]\n\turl = "git@github.com:acme/api.git" ; ssh\n'],
    ['section and key in other cases', '[Remote "origin"]\n\tURL = https://github.com/acme/api.git\n'],
    ['old-style [remote.origin]', '[remote.Origin]\n\turl = https://github.com/acme/api\n'],
    ['key on the header line', '[remote "origin"] url = https://github.com/acme/api.git\n'],
    ['comment lines and # comment', '# top\n; other\n[remote "origin"]\n  # url = wrong\n  url = https://github.com/acme/api # note\n'],
    ['value continued on the next line', '[remote "origin"]\n\turl = https://github.com/\\\nacme/api.git\n'],
    ['escaped quote in a quoted value', '[remote "origin"]\n\turl = "https://github.com/acme/a\\"pi"\n'],
    ['CRLF line ends', '[core]\r\n\tbare = false\r\n[remote "origin"]\r\n\turl = https://github.com/acme/api.git\r\n'],
    ['other sections with url keys', '[http "https://x"]\n\turl = nope\n[remote "origin"]\n\turl = https://github.com/acme/api\n'],
  ])('%s', (_name, config) => {
    const root = initRepo('cfg');
    writeFileSync(path.join(root, '.git', 'config'), config);
    const url = gitOriginUrl(root);
    expect(url).toBeDefined();
    expect(findRepo(root)?.id).toBe(normalizeRemoteUrl(url ?? ''));
  });

  it('keeps the case of a quoted remote name ([remote "Origin"] is not origin)', () => {
    const root = initRepo('cfg');
    writeFileSync(
      path.join(root, '.git', 'config'),
      '[remote "Origin"]\n\turl = https://github.com/other/x\n[remote "origin"]\n\turl = https://github.com/acme/api\n',
    );
    expect(gitOriginUrl(root)).toBe('https://github.com/acme/api');
    expect(findRepo(root)?.id).toBe('github.com/acme/api');
  });
});

describe('findRepo never reads without bound (issue 11: a .git/config symlink to /dev/zero read 9.4 GB)', () => {
  it('refuses a config that is not a regular file: a symlink to a FIFO with no writer', () => {
    const root = initRepo('fifo-config');
    const fifo = path.join(root, 'fifo');
    execFileSync('mkfifo', [fifo]);
    rmSync(path.join(root, '.git', 'config'));
    symlinkSync(fifo, path.join(root, '.git', 'config'));
    expect(findRepo(root)).toEqual({ id: 'fifo-config', root });
  });

  it('refuses a symlink to /dev/zero as config, commondir or .git file', () => {
    const root = initRepo('zero-config');
    rmSync(path.join(root, '.git', 'config'));
    symlinkSync('/dev/zero', path.join(root, '.git', 'config'));
    expect(findRepo(root)).toEqual({ id: 'zero-config', root });
    const linked = folder('zero-gitfile');
    symlinkSync('/dev/zero', path.join(linked, '.git'));
    expect(findRepo(linked)).toBeUndefined();
  });

  it('reads only the start of a huge config: the remote near the top is still found', () => {
    const root = initRepo('huge-config');
    const config = path.join(root, '.git', 'config');
    writeFileSync(config, '[remote "origin"]\n\turl = https://github.com/acme/huge\n');
    truncateSync(config, 64 * 1024 * 1024); // sparse: 64 MB of NULs after the remote
    expect(findRepo(root)?.id).toBe('github.com/acme/huge');
  });

  it('a folder name with spaces or control characters gives a valid repo id', () => {
    const root = initRepo('my project\tx');
    expect(findRepo(root)?.id).toBe('my-project-x');
  });
});

// The launch file: a small page, readable by this user only, that posts the viewer's one-time token
// to the viewer the moment a browser opens it. The browser opener is given this file's path instead of
// the URL, so the token is in no command line (any local user can read those, in /proc or with ps),
// and, travelling in a POST body, in no browser history and no Referer. The server removes the file
// once the token is spent (server.ts onSpent), and `memcue ui` removes it on exit.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../config.js';
import { cacheDir } from '../install/paths.js';
import { removeDeadPidEntries } from '../util/pid.js';
import { removeQuietly, writeNewFile } from '../util/safe-file.js';

export interface LaunchFile {
  path: string;
  /** Removes the file and its folder; harmless when they are gone already. */
  remove(): void;
}

/**
 * Where the browser can read the file: a snap-confined default browser (Ubuntu's Firefox and
 * Chromium) reads only its own `~/snap/<name>/common`, so the file goes there; otherwise
 * `$XDG_RUNTIME_DIR/memcue` (memory-backed, the user's own), else memcue's cache folder.
 */
export function launchParent(env: Env): string {
  const snap = defaultBrowserSnap(env);
  if (snap) return join(snap, 'common', 'memcue');
  return env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'memcue') : cacheDir(env);
}

/**
 * `~/snap/<name>` when the default browser is a snap: its desktop file is named `<snap>_<app>.desktop`
 * (`firefox_firefox.desktop`), as `xdg-settings` reports it. Linux desktops only; no answer in 2 s, none.
 */
export function defaultBrowserSnap(env: Env): string | undefined {
  if (process.platform !== 'linux' || !env.HOME) return undefined;
  const r = spawnSync('xdg-settings', ['get', 'default-web-browser'], { env: env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] });
  const name = /^([a-z0-9][a-z0-9-]*)_[\w.-]+\.desktop$/.exec(r.stdout?.trim() ?? '')?.[1];
  if (!name) return undefined;
  const home = join(env.HOME, 'snap', name);
  try {
    return statSync(home).isDirectory() ? home : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes the page that posts `token` to `action`, in a folder of its own: created fresh (mkdtemp: mode
 * 0700, a random name nobody could have planted a link at), the file in it created with
 * O_EXCL|O_NOFOLLOW and mode 0600.
 */
export function writeLaunchFile(env: Env, action: string, token: string): LaunchFile {
  const parent = launchParent(env);
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  // Viewers killed before they removed theirs: a spent token is still a token in a file, and the folders would pile up.
  removeDeadPidEntries(parent, 'ui-');
  const dir = mkdtempSync(join(parent, `ui-${process.pid}-`));
  const path = join(dir, 'open.html');
  const remove = () => {
    removeQuietly(path);
    try {
      rmdirSync(dir);
    } catch {
      /* gone already */
    }
  };
  try {
    writeNewFile(path, Buffer.from(launchPage(action, token)), 0o600);
  } catch (err) {
    remove();
    throw err;
  }
  return { path, remove };
}

/** Both values are ours (an http://127.0.0.1 URL and hex): nothing to escape. */
function launchPage(action: string, token: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>memcue</title></head>
<body><form method="post" action="${action}"><input type="hidden" name="token" value="${token}">
<p>Opening the memcue viewer… <button>Open it</button></p></form>
<script>document.forms[0].submit()</script></body></html>
`;
}

// How `memcue ui` opens the browser: the opener's command line (which every local user can read in
// /proc) names a private launch file, never the one-time token; the file posts the token, is removed
// once it is spent or when the viewer stops, and each platform's opener gets the path intact.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openerFor } from '../../src/ui/opener.js';
import { BINARY, isolatedEnv, startProcess, tempDir } from '../helpers.js';
import { urlOf } from './viewer.js';

/**
 * A folder with a fake `xdg-open`: a real shell script that records its pid and stays alive until
 * told, so the test reads its command line and environment from /proc as another user could.
 */
function fakeOpener(dir: string) {
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const script = join(bin, 'xdg-open');
  writeFileSync(script, `#!/bin/sh\necho $$ > "$0.pid.tmp" && mv "$0.pid.tmp" "$0.pid"\ni=0\nwhile [ ! -e "$0.done" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done\n`, { mode: 0o755 });
  return {
    bin,
    pid: async () => {
      await expect.poll(() => existsSync(`${script}.pid`), { timeout: 15_000 }).toBe(true);
      return readFileSync(`${script}.pid`, 'utf8').trim();
    },
    /** Lets it end, and waits until it has (its folder is removed after the test). */
    release: async (pid: string) => {
      writeFileSync(`${script}.done`, '');
      await expect.poll(() => existsSync(`/proc/${pid}`), { timeout: 15_000 }).toBe(false);
    },
  };
}

async function startUi(dir: string, memcue: string[]) {
  const opener = fakeOpener(dir);
  const runtime = join(dir, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  // A graphical session (without one, memcue ui opens nothing: the last test).
  const env = { ...isolatedEnv(dir), XDG_RUNTIME_DIR: runtime, PATH: `${opener.bin}:${process.env.PATH}`, DISPLAY: ':0' };
  const child = startProcess(memcue[0]!, [...memcue.slice(1), 'ui'], { env, cwd: dir });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const url = await urlOf(child);
  const token = /\/([0-9a-f]{48})\/$/.exec(url)![1]!;
  const pid = await opener.pid();
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
  const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
  const stopped = async () => {
    await opener.release(pid);
    child.kill('SIGTERM');
    return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
  };
  return { url, token, argv, environ, runtime, stopped, printed: () => printed };
}

// What users run: the single executable (`npx memcue` launches the same one).
const ARTEFACTS = [['the single executable', [BINARY]]] as const;

describe.each(ARTEFACTS)('memcue ui and the browser opener (%s)', (_, memcue) => {
  const runs = process.platform === 'linux' && existsSync(memcue.at(-1)!);
  it.skipIf(!runs)('the opener gets a private file, never the token; the file lets one browser in and is then removed', async () => {
    const { url, token, argv, environ, runtime, stopped, printed } = await startUi(tempDir(), [...memcue]);
    try {
      expect(argv.join(' ')).not.toContain(token);
      expect(environ).not.toContain(token);
      const file = argv.at(-1)!;
      expect(argv.at(-2)).toMatch(/\/xdg-open$/);
      expect(file).toMatch(new RegExp(`^${runtime}/memcue/ui-[^/]+/open\\.html$`));
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
      // The user's own terminal shows the URL (for a browser elsewhere, or one that cannot read the file) and the file.
      await expect.poll(printed).toContain(`(opening your browser with ${file}; if it says it cannot find that file`);
      expect(printed()).toContain(`memcue ui: ${url}\n`);
      const page = readFileSync(file, 'utf8');
      expect(page).toContain(`value="${token}"`);

      // What the file's form does in a browser (browser.test.ts opens it in Chromium): the token in a
      // POST body from a page without an origin gets in, once.
      const action = /action="([^"]+)"/.exec(page)![1]!;
      expect(action).toBe(`${new URL(url).origin}/launch`);
      const launch = () => fetch(action, { method: 'POST', headers: { Origin: 'null', 'Content-Type': 'application/x-www-form-urlencoded' }, body: `token=${token}`, redirect: 'manual' });
      const first = await launch();
      expect(first.status).toBe(200);
      expect(first.headers.get('set-cookie')).toMatch(/^memcue_ui_\d+=[0-9a-f]{64}; Path=\/[0-9a-f]{32}\/; HttpOnly; SameSite=Strict$/);
      expect(existsSync(file)).toBe(false);
      expect(existsSync(dirname(file))).toBe(false);
      expect((await launch()).status).toBe(403);
      expect((await fetch(url, { redirect: 'manual' })).status, 'the printed URL holds the same token, spent now').toBe(403);
    } finally {
      expect(await stopped()).toBe(0);
    }
  }, 60_000);

  it.skipIf(!runs)('the launch file is removed when the viewer stops unused', async () => {
    const { argv, stopped } = await startUi(tempDir(), [...memcue]);
    const file = argv.at(-1)!;
    expect(existsSync(file)).toBe(true);
    expect(await stopped()).toBe(0);
    expect(existsSync(dirname(file))).toBe(false);
  }, 60_000);

  it.skipIf(!runs)('with no screen (ssh, a server) or no browser, it says it opened none and how to reach the viewer', async () => {
    for (const [display, opener, why] of [
      [undefined, 'exit 0', 'no graphical session here ($DISPLAY and $WAYLAND_DISPLAY are unset)'],
      [':0', 'exit 3', 'xdg-open ended with status 3'],
    ] as const) {
      const dir = tempDir();
      const bin = join(dir, 'bin');
      mkdirSync(bin);
      writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh
touch "$0.ran"
${opener}
`, { mode: 0o755 });
      const env = { ...isolatedEnv(dir), PATH: `${bin}:${process.env.PATH}`, ...(display ? { DISPLAY: display } : {}) };
      const child = startProcess(memcue[0]!, [...memcue.slice(1), 'ui'], { env, cwd: dir });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const port = new URL(await urlOf(child)).port;
      await expect.poll(() => stderr, { timeout: 15_000 }).toContain('could not open a browser');
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(0) : child.once('exit', resolve)));
      expect(stderr).toBe(`memcue: could not open a browser: ${why}; open the URL above in a browser on this machine, or from your own: ssh -L ${port}:127.0.0.1:${port} <this host>, then open the URL there\n`);
      expect(existsSync(join(bin, 'xdg-open.ran'))).toBe(display !== undefined);
    }
  }, 60_000);
});

describe('the opener on each platform', () => {
  const file = 'C:\\Users\\Ann & Bob (100%) ^!x\\AppData\\Local\\memcue\\ui-Ab12\\open.html';
  it('macOS and Linux get the path as one argument', () => {
    expect(openerFor('darwin', '/Users/ann/Library/Caches/memcue/ui-1/open.html', {})).toMatchObject({ command: 'open', args: ['/Users/ann/Library/Caches/memcue/ui-1/open.html'] });
    expect(openerFor('linux', '/run/user/1000/memcue/ui-1/open.html', {})).toMatchObject({ command: 'xdg-open', args: ['/run/user/1000/memcue/ui-1/open.html'] });
  });

  it("Windows: cmd's start gets the path through the environment, so no character of it is cmd syntax", () => {
    const opener = openerFor('win32', file, { PATH: 'C:\\Windows' });
    expect(opener).toEqual({
      command: 'cmd.exe',
      args: ['/d', '/v:on', '/s', '/c', '"start "" "!MEMCUE_UI_FILE!""'],
      env: { PATH: 'C:\\Windows', MEMCUE_UI_FILE: file },
      windowsVerbatimArguments: true,
    });
    expect(opener.args.join(' ')).not.toContain('Users');
  });
});

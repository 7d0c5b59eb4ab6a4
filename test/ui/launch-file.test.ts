// Where the launch file goes: a snap-confined default browser (Ubuntu's Firefox) can read only its
// own ~/snap/<name>/common, so the page must be there for it to open; any other browser gets the
// runtime folder. `xdg-settings` is a real script on PATH answering as the real one does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchParent, writeLaunchFile } from '../../src/ui/launch-file.js';
import { isolatedEnv, tempDir } from '../helpers.js';

function desktop(answer: string) {
  const dir = tempDir();
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'xdg-settings'), `#!/bin/sh\n[ "$1 $2" = "get default-web-browser" ] && echo '${answer}'\n`, { mode: 0o755 });
  const runtime = join(dir, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  const env: Record<string, string> = { ...isolatedEnv(dir), XDG_RUNTIME_DIR: runtime, PATH: `${bin}:${process.env.PATH}` };
  return env;
}

describe.skipIf(process.platform !== 'linux')('the launch file', () => {
  it('goes into a snap browser’s own folder, 0600 in a fresh 0700 folder', () => {
    const env = desktop('firefox_firefox.desktop');
    mkdirSync(join(env.HOME!, 'snap', 'firefox', 'common'), { recursive: true });
    const file = writeLaunchFile(env, 'http://127.0.0.1:1/launch', 'ab'.repeat(24));
    try {
      expect(file.path.startsWith(join(env.HOME!, 'snap', 'firefox', 'common', 'memcue', 'ui-'))).toBe(true);
      expect(statSync(file.path).mode & 0o777).toBe(0o600);
      expect(statSync(join(file.path, '..')).mode & 0o777).toBe(0o700);
    } finally {
      file.remove();
    }
  });

  it('stays in the runtime folder for a browser that is not a snap, or a snap name with no snap folder', () => {
    for (const answer of ['firefox.desktop', 'google-chrome.desktop', 'chromium_chromium.desktop', '']) {
      const env = desktop(answer);
      expect(launchParent(env), answer).toBe(join(env.XDG_RUNTIME_DIR!, 'memcue'));
    }
  });

  it('a launch file left by a killed `memcue ui` (SIGKILL: no exit handler) is removed by the next one', () => {
    const env = desktop('firefox.desktop');
    const parent = launchParent(env);
    // A dead pid's folder, as a killed viewer leaves it; a live one's (ours) stays.
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    mkdirSync(join(parent, `ui-${dead}-abc123`), { recursive: true });
    writeFileSync(join(parent, `ui-${dead}-abc123`, 'open.html'), 'token');
    const file = writeLaunchFile(env, 'http://127.0.0.1:1/launch', 'ab'.repeat(24));
    try {
      expect(existsSync(join(parent, `ui-${dead}-abc123`))).toBe(false);
      expect(existsSync(file.path)).toBe(true);
      expect(file.path).toContain(`ui-${process.pid}-`);
    } finally {
      file.remove();
    }
  });
});

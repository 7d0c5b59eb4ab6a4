// Opening the viewer in the user's browser: the platform's opener is handed the launch file's path
// (launch-file.ts), never the URL with the token, since every local user can read a command line.
import { spawn } from 'node:child_process';
import type { Env } from '../config.js';
import type { Context } from '../context.js';
import { writeLaunchFile, type LaunchFile } from './launch-file.js';
import type { UiServer } from './server.js';

export interface OpenerCommand {
  command: string;
  args: string[];
  env: Env;
  /** Windows: the arguments go to cmd.exe as written (Node's quoting is not cmd's). */
  windowsVerbatimArguments?: boolean;
}

/** The platform's way to open `file` with the default handler of .html files (the browser). */
export function openerFor(platform: NodeJS.Platform, file: string, env: Env): OpenerCommand {
  if (platform === 'darwin') return { command: 'open', args: [file], env };
  if (platform === 'win32') {
    // `start` is built into cmd. The path comes in through the environment and delayed expansion
    // (!…!, expanded after cmd has parsed the line), so no character of it (a space, &, ^, %, a
    // parenthesis, all possible in a user's folder name) is read by cmd as syntax. /s: cmd strips the
    // outer quotes and keeps the rest as is; /d: no AutoRun commands.
    return {
      command: 'cmd.exe',
      args: ['/d', '/v:on', '/s', '/c', '"start "" "!MEMCUE_UI_FILE!""'],
      env: { ...env, MEMCUE_UI_FILE: file },
      windowsVerbatimArguments: true,
    };
  }
  return { command: 'xdg-open', args: [file], env };
}

/**
 * Writes the launch file, hands it to the opener, and removes it once the browser is in. Returns it
 * (to remove on exit), or undefined when it could not be written: then the printed URL is the way in.
 */
export function openInBrowser(ctx: Context, server: UiServer): LaunchFile | undefined {
  // Over ssh or on a server there is no screen to open a browser on: say so, and how to reach it.
  if (process.platform === 'linux' && !ctx.env.DISPLAY && !ctx.env.WAYLAND_DISPLAY) {
    ctx.stderr(noBrowser(server, 'no graphical session here ($DISPLAY and $WAYLAND_DISPLAY are unset)'));
    return undefined;
  }
  let file: LaunchFile;
  try {
    file = writeLaunchFile(ctx.env, server.launchAction, server.token);
  } catch (err) {
    ctx.stderr(`memcue: could not write the page that opens the viewer (${(err as NodeJS.ErrnoException).code ?? String(err)}); open the URL above yourself\n`);
    return undefined;
  }
  server.onSpent(file.remove);
  const opener = openerFor(process.platform, file.path, ctx.env);
  const child = spawn(opener.command, opener.args, {
    env: opener.env as NodeJS.ProcessEnv,
    stdio: 'ignore',
    detached: true,
    windowsVerbatimArguments: opener.windowsVerbatimArguments,
  });
  child.on('error', () => ctx.stderr(noBrowser(server, `${opener.command} could not be run`)));
  // xdg-open with no browser to hand the file to ends with an error status.
  child.on('exit', (code) => {
    if (code) ctx.stderr(noBrowser(server, `${opener.command} ended with status ${code}`));
  });
  child.unref();
  // A snap default browser gets the file in its own folder (launch-file.ts); a Flatpak one cannot
  // read it anywhere we may write: for it the printed URL is the way in.
  ctx.stdout(`(opening your browser with ${file.path}; if it says it cannot find that file, as a Flatpak browser may, open the URL above)\n`);
  return file;
}

/** No browser was opened, and how to reach the viewer anyway: here, or from another machine through ssh. */
function noBrowser(server: UiServer, why: string): string {
  const port = new URL(server.url).port;
  return `memcue: could not open a browser: ${why}; open the URL above in a browser on this machine, or from your own: ssh -L ${port}:127.0.0.1:${port} <this host>, then open the URL there\n`;
}

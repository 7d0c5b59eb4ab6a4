// The CLI's commands as a user finds them: from `--help`, recursively (for tests over every command).
import { cli } from '../helpers.js';

/** Every command and subcommand with its usage line, read from the help as a user would. */
export async function commands(prefix: string[] = []): Promise<{ path: string[]; usage: string }[]> {
  const help = (await cli([...prefix, '--help'])).stdout;
  const usage = /^Usage: memcue (.*)$/m.exec(help)![1]!;
  const found = prefix.length ? [{ path: prefix, usage }] : [];
  const listed = help.includes('Commands:') ? help.slice(help.indexOf('Commands:')).split('\n\n')[0]! : '';
  for (const m of listed.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)) {
    if (m[1] !== 'help') found.push(...(await commands([...prefix, m[1]!])));
  }
  return found;
}

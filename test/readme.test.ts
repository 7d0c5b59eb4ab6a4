// Every command the CLI offers is documented in the README with a `memcue <command>` example.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cli, ROOT } from './helpers.js';

it('the README shows every command', async () => {
  const help = (await cli(['--help'])).stdout;
  const commands = [...help.slice(help.indexOf('Commands:')).matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
  expect(commands.length).toBeGreaterThan(15);
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const missing = commands.filter((c) => !new RegExp(`memcue ${c}\\b`).test(readme));
  expect(missing).toEqual([]);
});

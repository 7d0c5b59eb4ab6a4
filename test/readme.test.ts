// The README is a front door: short, every command documented in docs/, every link leading somewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { cli, ROOT } from './helpers.js';

const DOCS = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join('docs', f));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
/** Pages other branches write; their links are checked once they are here. */
const COMING = ['docs/ARCHITECTURE.md'];

it('the README stays a front door of at most ~200 lines', () => {
  expect(read('README.md').split('\n').length).toBeLessThanOrEqual(200);
});

it('docs/ shows every command', async () => {
  const help = (await cli(['--help'])).stdout;
  const commands = [...help.slice(help.indexOf('Commands:')).matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
  expect(commands.length).toBeGreaterThan(15);
  const docs = DOCS.map(read).join('\n');
  expect(commands.filter((c) => !new RegExp(`memcue ${c}\\b`).test(docs))).toEqual([]);
});

it('every relative link of the README and docs/ leads to a file that exists', () => {
  const broken: string[] = [];
  for (const file of ['README.md', ...DOCS]) {
    for (const [, target] of read(file).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const path = join(dirname(file), target!);
      if (COMING.includes(path) && !existsSync(join(ROOT, path))) {
        console.log(`skipped: the link to ${path} (written on another branch)`);
        continue;
      }
      if (!existsSync(join(ROOT, path))) broken.push(`${file}: ${target}`);
    }
  }
  expect(broken).toEqual([]);
});

it('the README says where the memory is, that it is private, how to back it up and sync it; a fresh home gets ~/.local/bin', () => {
  const readme = read('README.md');
  const mine = readme.slice(readme.indexOf('## Your memory'), readme.indexOf('\n## ', readme.indexOf('## Your memory') + 1));
  for (const said of ['~/.local/share/memcue/memcue.db', '0600', 'memcue export --all-versions', 'memcue sync init']) expect(mine).toContain(said);
  expect(readme).toContain('mkdir -p ~/.local/bin && cp dist/memcue ~/.local/bin/');
  expect(readme).toContain('export PATH="$HOME/.local/bin:$PATH"');
  // Lock and benchmark details live in their docs, not on the front door.
  expect(readme).not.toMatch(/fcntl|lockf|B per fact|× hello/);
});

// Run before `npm run build` (npm's prebuild): in a clone without `npm ci` the build's first word,
// bun, is missing, and the shell's "sh: 1: bun: not found" says nothing of what to do.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bun = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'bun.cmd' : 'bun');
if (!existsSync(bun)) {
  console.error('memcue: the build tools are not installed in this clone (no node_modules/.bin/bun); run: npm ci && npm run build');
  process.exit(1);
}

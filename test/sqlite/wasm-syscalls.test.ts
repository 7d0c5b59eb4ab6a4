// wasm/syscalls.json names the minified WASM imports that native-locks.ts reroutes: it must match
// the glue of the WASM build in the repository (wasm/build.sh rewrites both together).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { syscallKeys } from '../../scripts/wasm-syscalls.js';
import { ROOT } from '../helpers.js';

it('wasm/syscalls.json names the import keys of the WASM glue in the repository', () => {
  const glue = readFileSync(join(ROOT, 'wasm', 'sqlite3.mjs'), 'utf8');
  expect(JSON.parse(readFileSync(join(ROOT, 'wasm', 'syscalls.json'), 'utf8'))).toEqual(syscallKeys(glue));
});

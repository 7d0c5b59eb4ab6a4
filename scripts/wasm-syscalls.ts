// Writes wasm/syscalls.json: the minified import keys Emscripten gave the syscalls that
// src/sqlite/file-syscalls.ts reroutes. The keys change with every WASM build and the function names
// are minified away in the compiled binary, so they are read here from the glue's import table
// (`var asmLibraryArg={"g":___syscall_chmod,…}`). Run by wasm/build.sh; checked by a test.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const WANTED = ['___syscall_open', '___syscall_fcntl64', '_fd_close', '_fd_sync', '_fd_seek', '_fd_read', '_fd_write', '___syscall_ftruncate64'] as const;

export function syscallKeys(glue: string): Record<string, string> {
  const table = /var asmLibraryArg=\{([^}]*)\}/.exec(glue)?.[1];
  if (!table) throw new Error('no import table found in the WASM glue');
  const keys: Record<string, string> = {};
  for (const [, key, name] of table.matchAll(/"([^"]+)":([\w$]+)/g)) {
    if ((WANTED as readonly string[]).includes(name!)) keys[name!] = key!;
  }
  for (const name of WANTED) if (!keys[name]) throw new Error(`${name} is not imported by the WASM module`);
  return keys;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const glue = readFileSync(fileURLToPath(new URL('../wasm/sqlite3.mjs', import.meta.url)), 'utf8');
  writeFileSync(fileURLToPath(new URL('../wasm/syscalls.json', import.meta.url)), `${JSON.stringify(syscallKeys(glue), null, 2)}\n`);
}

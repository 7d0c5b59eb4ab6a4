// The floor under `memcue add`: a Bun-compiled program that does only what any add that writes
// SQLite must do, through memcue's own binding (src/sqlite/sqlite.ts) and WASM build, so that its CPU
// against a Bun hello world is the least an add can cost while SQLite's WASM is compiled at every
// start. Built with the binary's own flags (scripts/build-bin.ts) by `npx bun bench/labs/add-floor.ts
// build OUT`; then run as `OUT STEP DB`, where STEP is how far it goes:
//   compile  the WASM compiled (what `new WebAssembly.Module` costs);
//   open     and instantiated, SQLite initialised, the database opened and its schema read;
//   insert   and one fact row + its heads row + its FTS5 row written in one transaction, after the
//            writer's PRAGMAs memcue sets (src/store/connections.ts).
// MEMCUE_FOREIGN_LOCKS=0 leaves out the real file locks (bun:ffi), to tell their cost apart.
// Every run inserts a distinct text (the process id and the clock): the same text costs nothing new.
import wasmPath from '../../wasm/sqlite3.wasm' with { type: 'file' };
import { compileWasm, useEmbeddedWasm } from '../../src/sqlite/wasm-binary.js';
import { mark, report } from '../../src/util/profile.js';

const [step, db] = [process.argv[2], process.argv[3]];

async function run(): Promise<void> {
  useEmbeddedWasm(wasmPath);
  const compiling = compileWasm();
  if (step === 'compile') {
    await compiling;
    return;
  }
  const { Database } = await import('../../src/sqlite/sqlite.js');
  const conn = await Database.open(db!);
  conn.exec('PRAGMA cache_spill = OFF; PRAGMA cache_size = -65536');
  if (step === 'open') {
    conn.get('SELECT 1 AS x FROM facts LIMIT 1'); // reads the schema
    conn.close();
    return;
  }
  const id = `floor${process.pid}${Date.now().toString(36)}`;
  const text = `floor fact ${process.pid} ${Date.now()} about deploy latency`;
  conn.exec('BEGIN IMMEDIATE');
  {
    const row = conn.get(
      `INSERT INTO facts (id, version, text, translation, kind, scope, source, quote, created_at, host, state)
       VALUES (?, 1, ?, '', 'note', 'global', '', '', ?, 'floor', 'active') RETURNING rowid AS row`,
      [id, text, new Date().toISOString()],
    )!.row!;
    conn.run('INSERT INTO heads (id, version, fact_row) VALUES (?, 1, ?)', [id, row]);
    conn.run('INSERT INTO fact_index (rowid, terms, translation_terms) VALUES (?, ?, ?)', [row, text.toLowerCase(), '']);
  }
  conn.exec('COMMIT');
  conn.close();
}

/** MEMCUE_PROFILE=1 (with MEMCUE_PROFILE_CPU=1 or thread) prints the phases, as memcue does. */
async function profiled(): Promise<void> {
  await run();
  mark(step!);
  report((text) => process.stderr.write(text));
}

if (step === 'build') {
  // The binary's flags, this lab as the entry.
  const [{ spawnSync }, { fileURLToPath }] = await Promise.all([import('node:child_process'), import('node:url')]);
  // scripts/ is outside the typed tree: imported by URL.
  const { COMPILE_FLAGS } = (await import(String(new URL('../../scripts/build-bin.ts', import.meta.url)))) as { COMPILE_FLAGS: string[] };
  const r = spawnSync(process.execPath, ['build', fileURLToPath(import.meta.url), ...COMPILE_FLAGS, '--outfile', db!], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
} else if (step === 'compile' || step === 'open' || step === 'insert') {
  await profiled();
} else {
  process.stderr.write('usage: add-floor build OUT | add-floor compile|open|insert DB\n');
  process.exit(2);
}

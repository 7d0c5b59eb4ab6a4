// Entry of the single executable (scripts/build-bin.ts); what runs before what: src/start.ts. Kept
// tiny: the build splits the program into chunks loaded on demand, and this one's imports are what
// `--version` and the start of every command load. SQLite's WASM and the plugin files `memcue install`
// copies are embedded in the executable itself.
import wasmPath from '../wasm/sqlite3.wasm' with { type: 'file' };
import { start } from './start.js';
import { useEmbeddedWasm } from './sqlite/wasm-binary.js';

useEmbeddedWasm(wasmPath);
void start(process.argv, {
  // git's merge driver runs this same executable.
  self: [process.execPath],
  // The viewer's page and libraries (`memcue ui`) and the plugin files travel inside the program.
  extras: () => Promise.all([import('./install/embedded-assets.js'), import('./ui/embedded-assets.js')]),
});

// Entry of the single executable: the SQLite WASM is embedded in the binary itself.
import wasmPath from '../wasm/sqlite3.wasm' with { type: 'file' };
import { main } from './main.js';
// The viewer's page and libraries (`memcue ui`) travel inside the program.
import './ui/embedded-assets.js';
// The plugin files `memcue install` copies travel inside the executable too.
import './install/embedded-assets.js';
import { useEmbeddedWasm } from './store/wasm-binary.js';
import { registerSelf } from './sync/self.js';

useEmbeddedWasm(wasmPath);
// git's merge driver runs this same executable.
registerSelf([process.execPath]);
void main();

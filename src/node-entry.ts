// Entry of the npm bundle (dist/memcue.mjs), run by bin/memcue.js under Node or Bun; what runs before
// what: src/start.ts. SQLite's WASM is dist/sqlite3.wasm beside the bundle, the plugin files are in
// the package.
import { fileURLToPath } from 'node:url';
import { start } from './start.js';

await start(process.argv, {
  // git's merge driver runs this same runtime and launcher (dist/memcue.mjs → ../bin/memcue.js).
  self: [process.execPath, fileURLToPath(new URL('../bin/memcue.js', import.meta.url))],
  // The viewer's page and libraries (`memcue ui`) travel inside the program.
  extras: () => import('./ui/embedded-assets.js'),
});

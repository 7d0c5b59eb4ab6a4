// Entry of the npm bundle (dist/memcue.mjs), run by bin/memcue.js under Node or Bun.
import { fileURLToPath } from 'node:url';
import { main } from './main.js';
// The viewer's page and libraries (`memcue ui`) travel inside the program.
import './ui/embedded-assets.js';
import { registerSelf } from './sync/self.js';

// git's merge driver runs this same runtime and launcher (dist/memcue.mjs → ../bin/memcue.js).
registerSelf([process.execPath, fileURLToPath(new URL('../bin/memcue.js', import.meta.url))]);
await main();

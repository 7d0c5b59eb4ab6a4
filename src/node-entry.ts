// Entry of the npm bundle (dist/memcue.mjs), run by bin/memcue.js under Node or Bun. It starts the
// WASM compile before the rest of the program is evaluated (imported below).
import { fileURLToPath } from 'node:url';
import { earlyStart, printedVersion, servedFast } from './early-start.js';
import { registerSelf } from './sync/self.js';

if (!printedVersion(process.argv) && !(await servedFast(process.argv))) {
  earlyStart(process.argv);
  // The viewer's page and libraries (`memcue ui`) travel inside the program.
  const [{ main }] = await Promise.all([import('./main.js'), import('./ui/embedded-assets.js')]);
  // git's merge driver runs this same runtime and launcher (dist/memcue.mjs → ../bin/memcue.js).
  registerSelf([process.execPath, fileURLToPath(new URL('../bin/memcue.js', import.meta.url))]);
  await main();
}

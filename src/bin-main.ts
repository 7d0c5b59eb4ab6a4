// The single executable's program, loaded by src/bin-entry.ts once the WASM compile has started.
// The plugin files `memcue install` copies travel inside the executable too.
import './install/embedded-assets.js';
// The viewer's page and libraries (`memcue ui`) travel inside the program.
import './ui/embedded-assets.js';
import { main } from './main.js';
import { registerSelf } from './sync/self.js';

export async function run(): Promise<void> {
  // git's merge driver runs this same executable.
  registerSelf([process.execPath]);
  await main();
}

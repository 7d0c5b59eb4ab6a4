#!/usr/bin/env node
// Launcher for `npx memcue` / `bunx memcue`: the prebuilt bundle next to the WASM in dist/.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/memcue.mjs', import.meta.url);
// A clone after `npm ci` alone has no dist/ yet: say what to run instead of Node's module stack.
if (!existsSync(bundle)) {
  process.stderr.write('memcue: this copy is not built yet (no dist/memcue.mjs); run `npm run build` in it, then try again\n');
  process.exit(1);
}
await import(bundle.href);

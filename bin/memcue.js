#!/usr/bin/env node
// Launcher for `npx memcue` / `bunx memcue`: the prebuilt bundle next to the WASM in dist/.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/memcue.mjs', import.meta.url);
// A clone after `npm ci` alone has no dist/ yet: say what to run instead of Node's module stack.
// A fresh clone has not even its build tools: one line with both steps, not one step at a time.
if (!existsSync(bundle)) {
  const setUp = existsSync(new URL('../node_modules', import.meta.url));
  process.stderr.write(setUp
    ? 'memcue: this copy is not built yet (no dist/memcue.mjs); run `npm run build` in it, then try again\n'
    : 'memcue: this clone is not set up yet (no node_modules, no dist/memcue.mjs); run `npm ci && npm run build` in it, then try again\n');
  process.exit(1);
}
await import(bundle.href);

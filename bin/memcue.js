#!/usr/bin/env node
// Launcher for `npx memcue` / `bunx memcue`: the prebuilt bundle next to the WASM in dist/.
import '../dist/memcue.mjs';

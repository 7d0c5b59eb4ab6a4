// The npm route's stable command. `npx memcue install claude` runs from npx's cache, which npm may
// clean at any time, and `memcue` is not on PATH; a hook naming either fails with exit 127. So
// install writes `$XDG_DATA_HOME/memcue/bin/memcue` (else ~/.local/share/memcue/bin/memcue), a
// shell launcher that runs the package's bin/memcue.js with the Node on PATH at run time (nvm
// users upgrade Node and remove the old one), else the Node that ran install. A package in a transient
// place (npx or bunx cache, the temp folder) is first copied to `…/memcue/runtime/<version>/`; a
// global or project install is used where it is, so upgrading it upgrades the hooks too.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { replaceKeptFile } from '../util/safe-file.js';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from '../config.js';
import { homeOf } from '../hooks/paths.js';
import { shellCommand } from '../sync/self.js';
import { VERSION } from '../version.js';

/** What the launcher and the copied package need (plugins/ for `memcue install` run through it). */
const PACKAGE_FILES = [
  'bin/memcue.js',
  'dist/memcue.mjs',
  'dist/sqlite3.wasm',
  'plugins/hermes/memcue/plugin.yaml',
  'plugins/hermes/memcue/__init__.py',
  'plugins/opencode/memcue.ts',
];

/** The npm package folder (bin/, dist/, plugins/) when this code runs as the bundle dist/memcue.mjs. */
export function bundleRoot(): string | undefined {
  const here = import.meta.url.startsWith('file:') ? fileURLToPath(import.meta.url) : '';
  return basename(here) === 'memcue.mjs' && basename(dirname(here)) === 'dist' ? dirname(dirname(here)) : undefined;
}

export function dataDir(env: Env): string {
  return join(env.XDG_DATA_HOME || join(homeOf(env), '.local', 'share'), 'memcue');
}

export function launcherPath(env: Env): string {
  return join(dataDir(env), 'bin', 'memcue');
}

/** npx's and bunx's caches and the temp folder: places a hook must not point into. */
export function isTransient(root: string): boolean {
  const parts = root.split(sep);
  return parts.includes('_npx') || parts.some((p) => p.startsWith('bunx-')) || root.startsWith(tmpdir() + sep) || root.includes(`${sep}.bun${sep}install${sep}cache${sep}`);
}

/**
 * Writes the launcher (and the package copy it needs); returns the launcher's path, or undefined
 * when this is not the npm bundle. Rewritten on every install, so it follows the latest one.
 */
export function ensureLauncher(env: Env): string | undefined {
  const root = bundleRoot();
  if (!root || process.platform === 'win32') return undefined;
  const home = isTransient(root) ? copyPackage(root, join(dataDir(env), 'runtime', VERSION)) : root;
  const installNode = shellCommand([process.execPath]);
  const script = [
    '#!/bin/sh',
    '# memcue launcher, written by `memcue install` (the npm route); agents\' hooks and plugins run it.',
    `node=$(command -v node 2>/dev/null) || node=${installNode}`,
    `MEMCUE_BIN="$0" exec "$node" ${shellCommand([join(home, 'bin', 'memcue.js')])} "$@"`,
    '',
  ].join('\n');
  const path = launcherPath(env);
  writeReplacing(path, script);
  chmodSync(path, 0o755);
  return path;
}

function copyPackage(from: string, to: string): string {
  for (const file of PACKAGE_FILES) {
    const source = join(from, file);
    if (!existsSync(source)) continue; // plugins/ may be missing from a trimmed package: only install needs them
    const target = join(to, file);
    mkdirSync(dirname(target), { recursive: true });
    replaceKeptFile(target, readFileSync(source), statSync(source).mode & 0o777);
  }
  // bin/memcue.js is an ES module: Node needs the package's "type" to load it.
  writeReplacing(join(to, 'package.json'), `${JSON.stringify({ name: 'memcue', version: VERSION, type: 'module', private: true })}\n`);
  return to;
}

/** Whole file or nothing: an agent starting a session meanwhile never runs half a launcher. */
function writeReplacing(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return;
  replaceKeptFile(path, content, 0o644); // a fresh temporary, never a planted link (safe-file.ts)
}

// The viewer's files: our page, script and style (src/ui/static) and the two browser libraries it uses
// (Preact, htm). The executable carries them embedded (embedded-assets.ts, imported by its entry); a
// source checkout (the tests) reads them from src/ui/static and node_modules.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Asset {
  type: string;
  body: string;
}

/** URL name → where the file lives in a source checkout (relative to this module). */
const SOURCES: Record<string, string> = {
  'index.html': './static/index.html',
  'app.js': './static/app.js',
  'lib.js': './static/lib.js',
  'facts.js': './static/facts.js',
  'detail.js': './static/detail.js',
  'changes.js': './static/changes.js',
  'confirm.js': './static/confirm.js',
  'style.css': './static/style.css',
  'preact.js': '../../node_modules/preact/dist/preact.mjs',
  'hooks.js': '../../node_modules/preact/hooks/dist/hooks.mjs',
  'htm.js': '../../node_modules/htm/dist/htm.mjs',
};

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

const embedded = new Map<string, string>();

/** Called by the single executable's entry with the files' text. */
export function useEmbeddedUiAssets(files: Record<string, string>): void {
  for (const [name, body] of Object.entries(files)) embedded.set(name, body);
}

export const ASSET_NAMES = Object.keys(SOURCES);

export function uiAsset(name: string): Asset | undefined {
  // Own names only: `__proto__` or `constructor` would otherwise find Object.prototype's.
  if (!Object.hasOwn(SOURCES, name)) return undefined;
  const source = SOURCES[name]!;
  let body = embedded.get(name);
  if (body === undefined) {
    const path = fileURLToPath(new URL(source, import.meta.url));
    if (!existsSync(path)) throw new Error(`viewer file ${name} not found at ${path}; reinstall memcue`);
    body = readFileSync(path, 'utf8');
  }
  return { type: TYPES[name.slice(name.lastIndexOf('.') + 1)]!, body };
}

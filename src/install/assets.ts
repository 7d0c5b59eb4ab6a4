// The plugin files `memcue install` copies (plugins/ in this repository). The executable carries
// them embedded (see embedded-assets.ts); a source checkout (the tests) reads them from plugins/.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const embedded = new Map<string, string>();

/** Called by the single-executable entry with the paths Bun gives the embedded files. */
export function useEmbeddedAssets(paths: Record<string, string>): void {
  for (const [name, path] of Object.entries(paths)) embedded.set(name, path);
}

/** A file under plugins/, e.g. `hermes/memcue/__init__.py`. */
export function readAsset(name: string): string {
  const embeddedPath = embedded.get(name);
  if (embeddedPath) return readFileSync(embeddedPath, 'utf8');
  const path = fileURLToPath(new URL(`../../plugins/${name}`, import.meta.url));
  if (!existsSync(path)) throw new Error(`plugin file ${name} not found at ${path}; reinstall memcue`);
  return readFileSync(path, 'utf8');
}

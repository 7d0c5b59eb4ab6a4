// The plugin files `memcue install` copies (plugins/ in this repository). The single executable
// carries them embedded (see embedded-assets.ts); the npm package and a source checkout read them
// from the plugins/ folder next to dist/ or src/.
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
  const candidates = ['../../plugins/', '../plugins/'].map((base) => fileURLToPath(new URL(base + name, import.meta.url)));
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`plugin file ${name} not found (looked in ${candidates.join(', ')}); reinstall memcue`);
  return readFileSync(found, 'utf8');
}

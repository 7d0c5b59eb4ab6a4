// Embeds the plugin files `memcue install` copies into the single executable (imported by
// bin-entry.ts only; Bun's `with { type: 'file' }` gives each embedded file's path).
import hermesManifest from '../../plugins/hermes/memcue/plugin.yaml' with { type: 'file' };
import hermesProvider from '../../plugins/hermes/memcue/__init__.py' with { type: 'file' };
// @ts-expect-error: embedded as a file, not imported as a module (TypeScript cannot type that here)
import opencodePlugin from '../../plugins/opencode/memcue.ts' with { type: 'file' };
import { useEmbeddedAssets } from './assets.js';

useEmbeddedAssets({
  'hermes/memcue/plugin.yaml': hermesManifest,
  'hermes/memcue/__init__.py': hermesProvider,
  'opencode/memcue.ts': opencodePlugin as string,
});

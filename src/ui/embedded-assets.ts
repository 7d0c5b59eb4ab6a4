// Embeds the viewer's files as text in the single executable (Bun inlines
// `with { type: 'text' }` imports), so `memcue ui` needs no file next to the program.
// @ts-expect-error: imported as text, not as a module
import preact from '../../node_modules/preact/dist/preact.mjs' with { type: 'text' };
// @ts-expect-error: imported as text, not as a module
import hooks from '../../node_modules/preact/hooks/dist/hooks.mjs' with { type: 'text' };
// @ts-expect-error: imported as text, not as a module
import htm from '../../node_modules/htm/dist/htm.mjs' with { type: 'text' };
// @ts-expect-error: imported as text, not as a module
import app from './static/app.js' with { type: 'text' };
// @ts-expect-error: imported as text, not as a module
import changes from './static/changes.js' with { type: 'text' };
// @ts-expect-error: imported as text, not as a module
import confirm from './static/confirm.js' with { type: 'text' };
// @ts-expect-error: imported as text, not as a module
import detail from './static/detail.js' with { type: 'text' };
// @ts-expect-error: imported as text, not as a module
import facts from './static/facts.js' with { type: 'text' };
// @ts-expect-error: imported as text, not as a module
import lib from './static/lib.js' with { type: 'text' };
import index from './static/index.html' with { type: 'text' };
import style from './static/style.css' with { type: 'text' };
import { useEmbeddedUiAssets } from './assets.js';

useEmbeddedUiAssets({
  'index.html': index,
  'app.js': app as string,
  'lib.js': lib as string,
  'facts.js': facts as string,
  'detail.js': detail as string,
  'changes.js': changes as string,
  'confirm.js': confirm as string,
  'style.css': style,
  'preact.js': preact as string,
  'hooks.js': hooks as string,
  'htm.js': htm as string,
});

// The change log (`memcue log`): each change links to its fact, and a dream or migrate batch can be
// undone from its newest row, as `memcue dream undo BATCH` does.
import { html } from './lib.js';
import { ConfirmButton } from './confirm.js';

const BATCH = /^(dream|migrate) ([0-9a-f]+)$/;

export function ChangeList({ changes, open, undoBatch }) {
  if (changes.length === 0) return html`<p class="muted">no changes match</p>`;
  const offered = new Set();
  return html`<ol id="log" class="rows">${changes.map((c) => {
    const batch = undoBatch && BATCH.exec(c.via);
    const offer = batch && !offered.has(c.via) && offered.add(c.via);
    const fact = `${c.id.slice(0, 8)} v${c.version}`;
    return html`<li class="change">
      <span class="meta"><span>${c.at.slice(0, 19).replace('T', ' ')}</span> <span>${c.host}</span>
        ${open ? html`<a class="mono" href=${`?fact=${c.id}`} onClick=${(e) => { e.preventDefault(); open(c.id); }}>${fact}</a>` : html`<span class="mono">${fact}</span>`}
        <b>${c.action}</b>${c.via && html` <span class="via">(${c.via})</span>`}
        ${offer && html`<${ConfirmButton} id=${`undo-${batch[2]}`} label=${`undo ${batch[1]} ${batch[2]}`} question=${`Undo every change of ${batch[1]} batch ${batch[2]}?`} yes="Undo it" onConfirm=${() => undoBatch(batch[1], batch[2])} />`}</span>
      <span class="text">${c.whole}</span></li>`;
  })}</ol>`;
}

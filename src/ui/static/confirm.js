// A button that asks before it acts: the first press shows "question — Yes / Cancel", in place.
import { useState } from 'preact/hooks';
import { html } from './lib.js';

export function ConfirmButton({ id, label, question, yes, onConfirm, danger = false }) {
  const [asking, setAsking] = useState(false);
  if (!asking) return html`<button id=${id} class=${danger ? 'danger' : ''} onClick=${() => setAsking(true)}>${label}</button>`;
  return html`<span class="confirm" role="group" aria-label=${question}>${question}
    <button id=${`${id}-yes`} class=${danger ? 'danger' : 'primary'} onClick=${() => { setAsking(false); onConfirm(); }} ref=${(el) => el?.focus()}>${yes}</button>
    <button id=${`${id}-cancel`} onClick=${() => setAsking(false)}>Cancel</button></span>`;
}

// One opened fact: its text, kind and scope to edit, Forget (asked first, undone from the notice),
// every version with a revert, and its changes.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, html, KINDS, when } from './lib.js';
import { ConfirmButton } from './confirm.js';
import { ChangeList } from './changes.js';

export function Detail({ id, version, changed, close, notify, setError }) {
  const [data, setData] = useState(null);
  const [draft, setDraft] = useState(null);
  // A refused change (a bad scope, a secret) stays said beside the unsaved draft until the next
  // try or a dismissal: the page's refresh after another writer must not take it away.
  const [failure, setFailure] = useState('');
  const [missing, setMissing] = useState('');
  const panel = useRef(null);
  // Typed since the last load: a refresh already on its way when the user starts typing must not
  // put the stored text back over what they typed (seen as a Save that stayed disabled).
  const edited = useRef(false);
  const current = data?.versions[data.versions.length - 1];
  const dirty = current && draft && ['text', 'kind', 'scope'].some((key) => draft[key] !== current[key]);
  const load = useCallback((keepDraft) => api(`facts/${id}`).then((d) => {
    setData(d);
    const cur = d.versions[d.versions.length - 1];
    if (!keepDraft && !edited.current) setDraft({ text: cur.text, kind: cur.kind, scope: cur.scope });
  }).catch((e) => (data ? setError(e.message) : setMissing(e.message))), [id]);
  useEffect(() => { edited.current = false; load(false); }, [load]);
  // Another writer (an agent, sync) changed the memory: show it, unless the user is mid-edit.
  useEffect(() => { if (data) load(dirty); }, [version]);
  // On a narrow screen the panel sits above the list: bring it into view when a fact is opened.
  useEffect(() => { if (data) panel.current?.scrollIntoView({ block: 'nearest' }); }, [id, data === null]);
  if (missing) {
    return html`<section class="detail" id="detail-missing" role="alert"><div class="detail-head"><span>No fact <span class="mono">${id}</span>: ${missing}</span>
      <button class="close" id="close" aria-label="close" onClick=${close}>×</button></div></section>`;
  }
  if (!data || !draft) return html`<section class="detail muted" id="detail-loading">loading…</section>`;
  const act = (path, body, after) => api(`facts/${id}/${path}`, body).then((r) => { setFailure(''); edited.current = false; load(false); changed(); after?.(r); }).catch((e) => setFailure(e.message));
  const type = (key) => (e) => { edited.current = true; setDraft({ ...draft, [key]: e.target.value }); };
  const edit = {};
  for (const key of ['text', 'kind', 'scope']) if (draft[key] !== current[key]) edit[key] = draft[key];
  const forget = () => act('forget', {}, () => notify({ text: `Forgot ${id.slice(0, 8)}.`, undo: () => act('revert', {}, () => notify({ text: `${id.slice(0, 8)} is back.` })) }));
  return html`<section class="detail" id="detail" ref=${panel} aria-label="the opened fact">
    <div class="detail-head"><span class="muted mono">${current.id} · v${current.version} · ${current.state}${current.source ? ` · from ${current.source}` : ''}</span>
      <button class="close" id="close" aria-label="close" title="close (Esc)" onClick=${close}>×</button></div>
    <textarea name="text" aria-label="text" rows=${Math.min(20, Math.max(3, Math.ceil(draft.text.length / 60)))} value=${draft.text} onInput=${type('text')}></textarea>
    <div class="row">
      <select name="edit-kind" aria-label="kind" value=${draft.kind} onChange=${type('kind')}>${KINDS.map((k) => html`<option value=${k}>${k}</option>`)}</select>
      <input name="edit-scope" aria-label="scope" value=${draft.scope} onInput=${type('scope')} />
      <button class="primary" id="save" disabled=${!dirty && current.state === 'active'} title=${dirty ? '' : 'change the text, kind or scope first'}
        onClick=${() => act('edit', { ...edit, revive: current.state !== 'active' })}>${current.state === 'active' ? 'Save' : 'Save and revive'}</button>
      ${current.state !== 'forgotten' && html`<${ConfirmButton} id="forget" label="Forget" question="Forget this fact?" yes="Forget" danger onConfirm=${forget} />`}
    </div>
    ${failure && html`<div class="error" id="save-error" role="alert">Not saved: ${failure}${dirty ? ' (your change is still in the boxes above)' : ''}
      <button class="close" aria-label="dismiss" onClick=${() => setFailure('')}>×</button></div>`}
    <h3>History</h3>
    <ol id="history" class="rows">${[...data.versions].reverse().map((v) => html`<li key=${`${v.version} ${v.created_at} ${v.host}`}>
      <span class="meta"><span class="mono">v${v.version}</span> <span>${when(v.created_at)} ${v.host}</span> <span class="kind">${v.kind}</span>
        ${v !== current && html`<button data-revert=${v.version} onClick=${() => act('revert', { to: v.version }, () => notify({ text: `${id.slice(0, 8)} is as it was in v${v.version}.` }))}>revert to v${v.version}</button>`}</span>
      <span class=${`text state-${v.state}`}>${v.text}</span></li>`)}
    </ol>
    <h3>Changes</h3>
    <${ChangeList} changes=${data.changes} />
  </section>`;
}

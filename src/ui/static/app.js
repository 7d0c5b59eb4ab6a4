// The memcue viewer: Preact components written with htm (no build step). Every change goes through
// the same checks as the commands (see src/ui/api.ts); the page only shows and asks.
import { h, render } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import htm from 'htm';

const html = htm.bind(h);
const KINDS = ['rule', 'decision', 'gotcha', 'env', 'note'];

/** Relative to the page, so the token in its path goes along with every request. */
async function api(path, body) {
  const res = await fetch(`api/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

const when = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
const query = (params) => new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined)).toString();

function Filters({ filters, setFilters, scopes, withQuery }) {
  const set = (key) => (e) => setFilters({ ...filters, [key]: e.target.value });
  return html`<form class="filters" onSubmit=${(e) => e.preventDefault()}>
    ${withQuery && html`<input type="search" name="q" placeholder="search: words, synonyms, both languages" value=${filters.q} onInput=${set('q')} />`}
    <select name="in" value=${filters.in} onChange=${set('in')} title="repository / scope">
      <option value="all">every scope</option>
      ${scopes.own && html`<option value="repo">this repo + machine + global</option>`}
      <option value="global">global</option>
      <option value="machine">this machine</option>
      ${scopes.scopes.filter((s) => s.startsWith('repo:')).map((s) => html`<option value=${s}>${s.slice(5)}</option>`)}
    </select>
    <select name="kind" value=${filters.kind} onChange=${set('kind')}>
      <option value="">any kind</option>
      ${KINDS.map((k) => html`<option value=${k}>${k}</option>`)}
    </select>
    <input name="since" placeholder="since: 1h, 7d, 2026-11-01" value=${filters.since} onChange=${set('since')} size="16" />
    ${withQuery && html`<select name="state" value=${filters.state} onChange=${set('state')}>
      <option value="active">active</option><option value="forgotten">forgotten</option>
      <option value="superseded">superseded</option><option value="all">any state</option>
    </select>`}
  </form>`;
}

function FactTable({ facts, selected, select }) {
  if (facts.length === 0) return html`<p class="muted" id="empty">no facts match</p>`;
  return html`<table id="facts"><thead><tr><th>id</th><th>kind</th><th>when</th><th>host</th><th>scope</th><th>text</th></tr></thead>
    <tbody>${facts.map((f) => html`<tr class=${`fact ${f.id === selected ? 'on' : ''}`} data-id=${f.id} onClick=${() => select(f.id)}>
      <td class="id">${f.id.slice(0, 8)}</td><td><span class="kind">${f.kind}</span></td><td class="muted">${when(f.created_at)}</td>
      <td class="muted">${f.host}</td><td class="muted">${f.scope}</td><td class=${`state-${f.state}`}>${f.text}</td></tr>`)}
    </tbody></table>`;
}

function Detail({ id, changed, setError }) {
  const [data, setData] = useState(null);
  const [draft, setDraft] = useState(null);
  const load = useCallback(() => api(`facts/${id}`).then((d) => {
    setData(d);
    const cur = d.versions[d.versions.length - 1];
    setDraft({ text: cur.text, kind: cur.kind, scope: cur.scope });
  }).catch((e) => setError(e.message)), [id]);
  useEffect(() => { load(); }, [load]);
  if (!data || !draft) return html`<section class="detail muted">loading…</section>`;
  const cur = data.versions[data.versions.length - 1];
  const act = (path, body) => api(`facts/${id}/${path}`, body).then(() => { setError(''); load(); changed(); }).catch((e) => setError(e.message));
  const edit = {};
  for (const key of ['text', 'kind', 'scope']) if (draft[key] !== cur[key]) edit[key] = draft[key];
  return html`<section class="detail" id="detail">
    <div class="muted mono">${cur.id} · v${cur.version} · ${cur.state} · ${cur.source || 'no source'}</div>
    <textarea name="text" value=${draft.text} onInput=${(e) => setDraft({ ...draft, text: e.target.value })}></textarea>
    <div class="row">
      <select name="edit-kind" value=${draft.kind} onChange=${(e) => setDraft({ ...draft, kind: e.target.value })}>${KINDS.map((k) => html`<option value=${k}>${k}</option>`)}</select>
      <input name="edit-scope" value=${draft.scope} onInput=${(e) => setDraft({ ...draft, scope: e.target.value })} size="30" />
      <button class="primary" id="save" onClick=${() => act('edit', { ...edit, revive: cur.state !== 'active' })}>${cur.state === 'active' ? 'Save' : 'Save and revive'}</button>
      ${cur.state !== 'forgotten' && html`<button class="danger" id="forget" onClick=${() => act('forget', {})}>Forget</button>`}
    </div>
    <h3>History</h3>
    <table id="history"><tbody>${[...data.versions].reverse().map((v) => html`<tr>
      <td class="mono">v${v.version}</td><td class="muted">${when(v.created_at)} ${v.host}</td>
      <td class=${`state-${v.state}`}>${v.text} <span class="kind">${v.kind}</span></td>
      <td>${v !== cur && html`<button data-revert=${v.version} onClick=${() => act('revert', { to: v.version })}>revert to v${v.version}</button>`}</td></tr>`)}
    </tbody></table>
    <h3>Changes</h3>
    <${ChangeTable} changes=${data.changes} />
  </section>`;
}

function ChangeTable({ changes }) {
  if (changes.length === 0) return html`<p class="muted">no changes match</p>`;
  return html`<table id="log"><thead><tr><th>when</th><th>host</th><th>fact</th><th>what</th></tr></thead><tbody>
    ${changes.map((c) => html`<tr>
      <td class="muted">${c.at.slice(0, 19).replace('T', ' ')}</td><td>${c.host}</td><td class="mono">${c.id.slice(0, 8)} v${c.version}</td>
      <td><b>${c.action}</b>${c.via && html` <span class="via">(${c.via})</span>`} ${c.summary}</td></tr>`)}
  </tbody></table>`;
}

function App() {
  const [tab, setTab] = useState('facts');
  const [filters, setFilters] = useState({ q: '', in: 'all', kind: '', since: '', state: 'active' });
  const [scopes, setScopes] = useState({ scopes: [], own: null, host: '' });
  const [facts, setFacts] = useState([]);
  const [changes, setChanges] = useState([]);
  const [selected, setSelected] = useState(null);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  const [via, setVia] = useState('');
  useEffect(() => { api('scopes').then(setScopes).catch((e) => setError(e.message)); }, [version]);
  useEffect(() => {
    const path = tab === 'facts' ? `facts?${query(filters)}` : `log?${query({ ...filters, q: '', state: '' })}`;
    api(path).then((d) => { setError(''); tab === 'facts' ? setFacts(d.facts) : setChanges(d.changes); }).catch((e) => setError(e.message));
  }, [tab, filters, version]);
  const shown = changes.filter((c) => !via || (via === 'sync' ? c.host !== scopes.host : c.via.includes(via)));
  return html`
    <header><h1>memcue</h1><nav>
      <button class=${tab === 'facts' ? 'on' : ''} id="tab-facts" onClick=${() => setTab('facts')}>Facts</button>
      <button class=${tab === 'log' ? 'on' : ''} id="tab-log" onClick=${() => setTab('log')}>Changes</button>
    </nav><span class="muted">${scopes.host}</span></header>
    <${Filters} filters=${filters} setFilters=${setFilters} scopes=${scopes} withQuery=${tab === 'facts'} />
    ${error && html`<div class="error" id="error">${error}</div>`}
    ${tab === 'facts'
      ? html`<main class=${selected ? '' : 'single'}>
          <div><${FactTable} facts=${facts} selected=${selected} select=${setSelected} /></div>
          ${selected && html`<${Detail} key=${selected} id=${selected} changed=${() => setVersion(version + 1)} setError=${setError} />`}
        </main>`
      : html`<main class="single"><div>
          <div class="row"><label>made by <select name="via" value=${via} onChange=${(e) => setVia(e.target.value)}>
            <option value="">anything</option><option value="dream">dream</option><option value="migrate">migrate</option>
            <option value="sync">other machines (sync)</option></select></label></div>
          <${ChangeTable} changes=${shown} /></div></main>`}`;
}

render(html`<${App} />`, document.getElementById('app'));

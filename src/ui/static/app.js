// The memcue viewer: Preact components written with htm (no build step). Every change goes through
// the same checks as the commands (see src/ui/api.ts); the page only shows and asks. The view
// (tab, filters, page, opened fact) lives in the URL, so reload and back work.
import { render } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api, html, PAGE, query, viewFromUrl, viewUrl } from './lib.js';
import { Count, FactList, Filters, NoFacts } from './facts.js';
import { Detail } from './detail.js';
import { ChangeList } from './changes.js';

/** The newest changes shown; older ones are reached by narrowing the filters (since, kind, scope). */
const LOG_ROWS = 200;
/** How often the page asks whether the database changed (one stat and a 28-byte read on the server). */
const POLL_MS = 3000;

function App() {
  const [view, setViewState] = useState(viewFromUrl);
  const [scopes, setScopes] = useState({ scopes: [], own: null, host: '' });
  const [page, setPage] = useState({ facts: [], total: 0, offset: 0 });
  const [changes, setChanges] = useState([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState(null);
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);

  /** A new view: pushed to the history (back returns to it), or replaced while typing. */
  const setView = useCallback((next, { replace = false } = {}) => {
    setViewState(next);
    history[replace ? 'replaceState' : 'pushState'](null, '', viewUrl(next));
  }, []);
  useEffect(() => {
    const back = () => setViewState(viewFromUrl());
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const open = (id) => setView({ ...view, tab: 'facts', fact: id });
  const returnTo = useRef('');
  const close = () => {
    returnTo.current = view.fact;
    setView({ ...view, fact: '' });
  };
  // Back to the row the fact was opened from, in the same commit that removes the panel (a layout
  // effect): never a moment with the focus lost to <body>, as with a focus in the next frame.
  useLayoutEffect(() => {
    if (view.fact || !returnTo.current) return;
    document.querySelector(`#facts li[data-id="${returnTo.current}"] a`)?.focus();
    returnTo.current = '';
  }, [view.fact]);
  useEffect(() => {
    const onKey = (e) => { if (e.key === 'Escape' && view.fact && !e.target.closest?.('.confirm')) close(); };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  // Another process (an agent's hook, sync) may write meanwhile: reload when the file's state moves.
  useEffect(() => {
    let last;
    const poll = () => api('state').then(({ state }) => {
      if (last !== undefined && state !== last) changed();
      last = state;
    }).catch(() => {});
    poll();
    const timer = setInterval(poll, POLL_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => { api('scopes').then(setScopes).catch((e) => setError(e.message)); }, [version]);
  const { tab, q, in: where, kind, since, state, from } = view;
  useEffect(() => {
    const path = tab === 'facts' ? `facts?${query({ q, in: where, kind, since, state, offset: q ? 0 : from, limit: PAGE })}` : `log?${query({ in: where, kind, since, limit: LOG_ROWS })}`;
    // Only the newest view's answer is shown: an older one (a slow bad filter, a refresh started
    // before the filter changed) may arrive later, and is dropped (and its request cancelled).
    const asked = new AbortController();
    api(path, undefined, asked.signal).then((d) => {
      if (asked.signal.aborted) return;
      setError('');
      if (tab === 'facts') setPage(d);
      else setChanges(d.changes);
      setLoaded(true);
    }).catch((e) => {
      if (asked.signal.aborted) return;
      // A bad filter must not leave the old list looking like its answer.
      setError(e.message);
      setPage({ facts: [], total: 0, offset: 0 });
      setChanges([]);
      setLoaded(true);
    });
    return () => asked.abort();
  }, [tab, q, where, kind, since, state, from, version]);

  const undoBatch = (kindOfBatch, batch) => api(`batches/${kindOfBatch}/${batch}/undo`, {})
    .then((r) => { setError(''); setNotice({ text: r.line }); changed(); })
    .catch((e) => setError(e.message));
  const shown = changes.filter((c) => !view.via || (view.via === 'sync' ? c.host !== scopes.host : c.via.includes(view.via)));
  const tabButton = (name, label) => html`<button class=${tab === name ? 'on' : ''} id=${`tab-${name}`} aria-current=${tab === name ? 'page' : undefined}
    onClick=${() => setView({ ...view, tab: name })}>${label}</button>`;
  return html`
    <header><h1>memcue</h1><nav>${tabButton('facts', 'Facts')}${tabButton('log', 'Changes')}</nav><span class="muted host">${scopes.host}</span></header>
    <${Filters} view=${view} setView=${setView} scopes=${scopes} withQuery=${tab === 'facts'} />
    ${error && html`<div class="error" id="error" role="alert">${error}</div>`}
    ${notice && html`<div class="notice" id="notice" role="status">${notice.text}
      ${notice.undo && html`<button id="undo" onClick=${() => { notice.undo(); setNotice(null); }}>Undo</button>`}
      <button class="close" aria-label="dismiss" onClick=${() => setNotice(null)}>×</button></div>`}
    ${tab === 'facts'
      ? html`<main class=${view.fact ? 'facts with-detail' : 'facts'}>
          <div class="list">
            <${Count} page=${page} view=${view} setView=${setView} />
            ${page.facts.length ? html`<${FactList} facts=${page.facts} view=${view} open=${open} />` : loaded && !error && html`<${NoFacts} view=${view} setView=${setView} />`}
          </div>
          ${view.fact && html`<${Detail} key=${view.fact} id=${view.fact} version=${version} changed=${changed} close=${close} notify=${setNotice} setError=${setError} />`}
        </main>`
      : html`<main class="log"><div class="list">
          <div class="row"><label>made by <select name="via" value=${view.via} onChange=${(e) => setView({ ...view, via: e.target.value })}>
            <option value="">anything</option><option value="dream">dream</option><option value="migrate">migrate</option>
            <option value="sync">other machines (sync)</option></select></label></div>
          <p class="muted" id="log-count">${changes.length < LOG_ROWS ? `${shown.length} of ${changes.length} changes` : `${shown.length} of the newest ${LOG_ROWS} changes; narrow them with since, kind or scope to see older ones`}</p>
          <${ChangeList} changes=${shown} open=${open} undoBatch=${undoBatch} /></div></main>`}`;
}

render(html`<${App} />`, document.getElementById('app'));

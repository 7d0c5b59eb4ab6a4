// The memcue viewer: Preact components written with htm (no build step). Every change goes through
// the same checks as the commands (see src/ui/api.ts); the page only shows and asks. The view
// (tab, filters, page, opened fact) lives in the URL, so reload and back work.
import { render } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api, count, html, PAGE, query, viewFromUrl, viewUrl } from './lib.js';
import { Count, FactList, Filters, Meant, NoFacts } from './facts.js';
import { Detail } from './detail.js';
import { ChangeList } from './changes.js';

/** Changes per page of the Changes tab; older ones are on the pages after it. */
const LOG_ROWS = 200;
/** How often the page asks whether the database changed (one stat and a 28-byte read on the server). */
const POLL_MS = 3000;

function App() {
  const [view, setViewState] = useState(viewFromUrl);
  const [scopes, setScopes] = useState({ scopes: [], own: null, host: '' });
  const [page, setPage] = useState({ facts: [], total: 0, offset: 0, meant: [] });
  const [log, setLog] = useState({ changes: [], offset: 0, more: false });
  const changes = log.changes;
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
  // Where the page was scrolled when a fact was opened: on a phone the panel opens above the list
  // and is scrolled to, and closing it comes back to the row, not to the top of a long list.
  const scrolledAt = useRef(0);
  const open = (id) => {
    if (!view.fact) scrolledAt.current = scrollY;
    setView({ ...view, tab: 'facts', fact: id });
  };
  const returnTo = useRef('');
  const close = () => {
    returnTo.current = view.fact;
    setView({ ...view, fact: '' });
  };
  // Back to the row the fact was opened from, in the same commit that removes the panel (a layout
  // effect): never a moment with the focus lost to <body>, as with a focus in the next frame.
  useLayoutEffect(() => {
    if (view.fact || !returnTo.current) return;
    document.querySelector(`#facts li[data-id="${returnTo.current}"] a`)?.focus({ preventScroll: true });
    scrollTo(0, scrolledAt.current);
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
  const { tab, q, in: where, kind, since, state, from, logFrom } = view;
  useEffect(() => {
    const path = tab === 'facts' ? `facts?${query({ q, in: where, kind, since, state, offset: from, limit: PAGE })}` : `log?${query({ in: where, kind, since, offset: logFrom, limit: LOG_ROWS })}`;
    // Only the newest view's answer is shown: an older one (a slow bad filter, a refresh started
    // before the filter changed) may arrive later, and is dropped (and its request cancelled).
    const asked = new AbortController();
    api(path, undefined, asked.signal).then((d) => {
      if (asked.signal.aborted) return;
      setError('');
      if (tab === 'facts') setPage(d);
      else setLog(d);
      setLoaded(true);
    }).catch((e) => {
      if (asked.signal.aborted) return;
      // A bad filter must not leave the old list looking like its answer.
      setError(e.message);
      setPage({ facts: [], total: 0, offset: 0, meant: [] });
      setLog({ changes: [], offset: 0, more: false });
      setLoaded(true);
    });
    return () => asked.abort();
  }, [tab, q, where, kind, since, state, from, logFrom, version]);

  const undoBatch = (kindOfBatch, batch) => api(`batches/${kindOfBatch}/${batch}/undo`, {})
    .then((r) => { setError(''); setNotice({ text: r.line }); changed(); })
    .catch((e) => setError(e.message));
  const shown = changes.filter((c) => !view.via || (view.via === 'sync' ? c.host !== scopes.host : c.via.includes(view.via)));
  const tabButton = (name, label) => html`<button class=${tab === name ? 'on' : ''} id=${`tab-${name}`} aria-current=${tab === name ? 'page' : undefined}
    onClick=${() => setView({ ...view, tab: name })}>${label}</button>`;
  // The Changes tab keeps its own page: going there and back leaves the facts' page as it was.
  const logPage = (logFrom) => { setView({ ...view, logFrom }); scrollTo(0, 0); };
  const first = log.offset + 1;
  const logCount = changes.length === 0 ? '' : `${view.via ? `${shown.length} made by ${view.via} among ` : ''}changes ${count(first)}–${count(log.offset + changes.length)}, newest first`;
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
            <${Meant} meant=${page.meant} />
            <${Count} page=${page} view=${view} setView=${setView} />
            ${page.facts.length ? html`<${FactList} facts=${page.facts} view=${view} open=${open} />` : loaded && !error && !(page.offset > 0 && page.total > 0) && html`<${NoFacts} view=${view} setView=${setView} />`}
            ${page.facts.length > 0 && html`<${Count} page=${page} view=${view} setView=${setView} where="bottom" />`}
          </div>
          ${view.fact && html`<${Detail} key=${view.fact} id=${view.fact} version=${version} changed=${changed} close=${close} notify=${setNotice} setError=${setError} />`}
        </main>`
      : html`<main class="log"><div class="list">
          <div class="row"><label>made by <select name="via" value=${view.via} onChange=${(e) => setView({ ...view, via: e.target.value })}>
            <option value="">anything</option><option value="dream">dream</option><option value="migrate">migrate</option>
            <option value="sync">other machines (sync)</option></select></label></div>
          <${LogPager} id="log-count" text=${logCount} log=${log} go=${logPage} />
          <${ChangeList} changes=${shown} open=${open} undoBatch=${undoBatch} />
          ${changes.length > 0 && (log.more || log.offset > 0) && html`<${LogPager} id="log-count-bottom" text=${logCount} log=${log} go=${logPage} />`}</div></main>`}`;
}

/** "changes 201–400, newest first" with the pages around it. */
function LogPager({ id, text, log, go }) {
  const suffix = id.endsWith('-bottom') ? '-bottom' : '';
  return html`<nav class="count" aria-label="pages of changes"><span class="muted" id=${id}>${text}</span>
    ${log.offset > 0 && html`<button id=${`log-prev${suffix}`} onClick=${() => go(Math.max(0, log.offset - LOG_ROWS))}>← newer</button>`}
    ${log.more && html`<button id=${`log-next${suffix}`} onClick=${() => go(log.offset + LOG_ROWS)}>older →</button>`}</nav>`;
}

render(html`<${App} />`, document.getElementById('app'));

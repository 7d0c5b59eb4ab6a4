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
/** The Changes tab's "made by" choices (src/audit/writers.ts), filtered on the server over every change. */
const WRITERS = { dream: 'dream', migrate: 'migrate', import: 'import', sync: 'other machines (sync)' };
const EMPTY_LOG = { changes: [], offset: 0, total: 0, more: false, imports: [], import_count: 0, via: '' };
/** No answer yet: no count is shown ("0 facts" before the server has said how many there are). */
const EMPTY_PAGE = { facts: [], total: 0, offset: 0, meant: [], q: '', answered: false };

function App() {
  const [view, setViewState] = useState(viewFromUrl);
  const [scopes, setScopes] = useState({ scopes: [], own: null, host: '' });
  const [page, setPage] = useState(EMPTY_PAGE);
  const [log, setLog] = useState(EMPTY_LOG);
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
  const { tab, q, in: where, kind, since, state, from, logFrom, via } = view;
  useEffect(() => {
    const path = tab === 'facts' ? `facts?${query({ q, in: where, kind, since, state, offset: from, limit: PAGE })}` : `changes?${query({ in: where, kind, since, by: via, offset: logFrom, limit: LOG_ROWS })}`;
    // Only the newest view's answer is shown: an older one (a slow bad filter, a refresh started
    // before the filter changed) may arrive later, and is dropped (and its request cancelled).
    const asked = new AbortController();
    api(path, undefined, asked.signal).then((d) => {
      if (asked.signal.aborted) return;
      setError('');
      // Each answer keeps the query or writer it answers: its count is said in its own words, not in
      // those of a newer filter still on its way ("of 10,003 matching" over the unsearched list).
      if (tab === 'facts') setPage({ ...d, q, answered: true });
      else setLog({ ...d, via });
      setLoaded(true);
    }).catch((e) => {
      if (asked.signal.aborted) return;
      // A bad filter must not leave the old list looking like its answer.
      setError(e.message);
      setPage(EMPTY_PAGE);
      setLog(EMPTY_LOG);
      setLoaded(true);
    });
    return () => asked.abort();
  }, [tab, q, where, kind, since, state, from, logFrom, via, version]);

  const undoBatch = (kindOfBatch, batch) => api(`batches/${kindOfBatch}/${batch}/undo`, {})
    .then((r) => { setError(''); setNotice({ text: r.line }); changed(); })
    .catch((e) => setError(e.message));
  const tabButton = (name, label) => html`<button class=${tab === name ? 'on' : ''} id=${`tab-${name}`} aria-current=${tab === name ? 'page' : undefined}
    onClick=${() => setView({ ...view, tab: name })}>${label}</button>`;
  // The Changes tab keeps its own page: going there and back leaves the facts' page as it was.
  const logPage = (logFrom) => { setView({ ...view, logFrom }); scrollTo(0, 0); };
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
          <div class="row"><label>made by <select name="via" value=${view.via} onChange=${(e) => setView({ ...view, via: e.target.value, logFrom: 0 })}>
            <option value="">anything</option>${Object.entries(WRITERS).map(([value, label]) => html`<option value=${value}>${label}</option>`)}</select></label></div>
          <${Imports} imports=${log.imports} all=${log.import_count} />
          <${LogPager} id="log-count" log=${log} via=${log.via} go=${logPage} />
          <${ChangeList} changes=${changes} open=${open} undoBatch=${undoBatch} />
          ${changes.length > 0 && (log.more || log.offset > 0) && html`<${LogPager} id="log-count-bottom" log=${log} via=${log.via} go=${logPage} />`}</div></main>`}`;
}

/** "changes 201–400 of 10,017 made by import, newest first" with the pages around it (the oldest too:
 * an edit made before an import of 10,000 facts is one click away, not fifty). */
function LogPager({ id, log, via, go }) {
  const suffix = id.endsWith('-bottom') ? '-bottom' : '';
  const by = via ? ` made by ${WRITERS[via] ?? via}` : '';
  const lastPage = Math.max(0, Math.floor((log.total - 1) / LOG_ROWS) * LOG_ROWS);
  // A page past the end (an old link, ?logFrom=99999) says so and offers the last page.
  if (log.changes.length === 0) {
    if (!(log.offset > 0 && log.total > 0)) return null;
    return html`<nav class="count" aria-label="pages of changes"><span class="muted" id=${id}>no changes past ${count(log.total)}${by}</span>
      <button id=${`log-last${suffix}`} onClick=${() => go(lastPage)}>to the oldest page</button></nav>`;
  }
  const text = `changes ${count(log.offset + 1)}–${count(log.offset + log.changes.length)} of ${count(log.total)}${by}, newest first`;
  return html`<nav class="count" aria-label="pages of changes"><span class="muted" id=${id}>${text}</span>
    ${log.offset > LOG_ROWS && html`<button id=${`log-newest${suffix}`} onClick=${() => go(0)}>⇤ newest</button>`}
    ${log.offset > 0 && html`<button id=${`log-prev${suffix}`} onClick=${() => go(Math.max(0, log.offset - LOG_ROWS))}>← newer</button>`}
    ${log.more && html`<button id=${`log-next${suffix}`} onClick=${() => go(log.offset + LOG_ROWS)}>older →</button>`}
    ${log.more && log.offset + LOG_ROWS < lastPage && html`<button id=${`log-oldest${suffix}`} onClick=${() => go(lastPage)}>oldest ⇥</button>`}</nav>`;
}

/** With "made by import": each import recorded on this machine, its file and how many it wrote. */
function Imports({ imports, all }) {
  if (!imports?.length) return null;
  const older = all - imports.length;
  return html`<ul class="imports muted" id="imports">${imports.map((i) => html`<li>${i.at.slice(0, 16).replace('T', ' ')} ${i.host}: ${i.name}, ${count(i.added)} ${i.added === 1 ? 'fact version' : 'fact versions'}${i.skipped ? `, ${count(i.skipped)} already present` : ''}</li>`)}
    ${older > 0 && html`<li>and ${count(older)} earlier ${older === 1 ? 'import' : 'imports'}</li>`}</ul>`;
}

render(html`<${App} />`, document.getElementById('app'));

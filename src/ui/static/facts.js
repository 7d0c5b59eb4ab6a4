// The Facts tab's parts: the filters, the list (one link per fact, so the keyboard reaches every
// row), the count with its pages, and what to try when nothing matches.
import { useEffect, useRef, useState } from 'preact/hooks';
import { count, html, KINDS, PAGE, viewUrl } from './lib.js';

/** The query box waits for a pause in typing: one search per word, not one per keystroke. */
const TYPING_PAUSE_MS = 300;

/**
 * A box's text while it is typed in, and `applied(value)` to say the box itself applied a value. The
 * box shows the view's value again only when it changed from elsewhere (back, a link, "any date"):
 * its own value coming back runs in an effect after the next frame, and typing may come first, so
 * putting it back then would drop what was typed since.
 */
function useDraft(value) {
  const [draft, setDraft] = useState(value);
  const applied = useRef(value);
  useEffect(() => {
    if (value === applied.current) return;
    applied.current = value;
    setDraft(value);
  }, [value]);
  return [draft, setDraft, (v) => (applied.current = v)];
}

export function Filters({ view, setView, scopes, withQuery }) {
  const set = (key) => (e) => setView({ ...view, [key]: e.target.value, from: 0, logFrom: 0 });
  const [typed, setTyped, appliedQ] = useDraft(view.q);
  const latest = useRef(view);
  latest.current = view;
  // The date is applied on Enter or on leaving the box; until then it is the user's, kept through
  // re-renders (a refresh after an agent's write would otherwise put the applied value back).
  const [since, setSince, appliedSince] = useDraft(view.since);
  useEffect(() => {
    if (typed === view.q) return undefined;
    const timer = setTimeout(() => {
      appliedQ(typed);
      setView({ ...latest.current, q: typed, from: 0, fact: '' }, { replace: true });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return html`<form class="filters" role="search" onSubmit=${(e) => e.preventDefault()}>
    ${withQuery && html`<input type="search" name="q" aria-label="search" placeholder="search: names and distinctive words" value=${typed} onInput=${(e) => setTyped(e.target.value)} />`}
    <select name="in" value=${view.in} onChange=${set('in')} aria-label="repository or scope">
      ${scopes.own ? html`<option value="">this repo + machine + global</option><option value="all">every scope</option>` : html`<option value="">every scope</option>`}
      <option value="global">global only</option>
      <option value="machine">this machine only</option>
      ${scopes.scopes.filter((s) => s.startsWith('repo:')).map((s) => html`<option value=${s}>${s.slice(5)} only</option>`)}
    </select>
    <select name="kind" value=${view.kind} onChange=${set('kind')} aria-label="kind">
      <option value="">any kind</option>
      ${KINDS.map((k) => html`<option value=${k}>${k}</option>`)}
    </select>
    <input name="since" aria-label="since" placeholder="since: 1h, 7d, 2026-11-01" value=${since} onInput=${(e) => setSince(e.target.value)} onChange=${(e) => (appliedSince(e.target.value), set('since')(e))} />
    ${withQuery && html`<select name="state" value=${view.state} onChange=${set('state')} aria-label="state">
      <option value="active">active</option><option value="forgotten">forgotten</option>
      <option value="superseded">superseded</option><option value="all">any state</option>
    </select>`}
  </form>`;
}

export function FactList({ facts, view, open }) {
  return html`<ol id="facts" class="rows">${facts.map((f) => html`<li class=${`fact ${f.id === view.fact ? 'on' : ''}`} data-id=${f.id} key=${f.id}>
    <a href=${viewUrl({ ...view, fact: f.id })} onClick=${(e) => { if (!e.ctrlKey && !e.metaKey) { e.preventDefault(); open(f.id); } }}>
      <span class="meta"><span class="mono">${f.id.slice(0, 8)}</span> <span class="kind">${f.kind}</span> <span>${f.created_at.slice(0, 10)} ${f.created_at.slice(11, 16)}</span>
        <span>${f.host}</span>${f.scope !== 'global' && html` <span class="scope">${f.scope}</span>`}${f.state !== 'active' && html` <span>${f.state}</span>`}</span>
      <span class=${`text state-${f.state}`}>${f.text}</span>
    </a></li>`)}</ol>`;
}

/** "1–100 of 10,000 facts" (a search: "of 978 matching facts, best first") with the pages around it;
 * `where`: top or bottom (the ids of the bottom pager's buttons end in -bottom). */
export function Count({ page, view, setView, where = 'top' }) {
  if (!page.answered) return null;
  // The words of the query this page answers (a newer one typed meanwhile has not answered yet).
  const q = page.q;
  const last = page.offset + page.facts.length;
  const go = (from) => {
    setView({ ...view, from });
    if (where === 'bottom') scrollTo(0, 0);
  };
  const id = (name) => (where === 'top' ? name : `${name}-bottom`);
  const noun = q ? `matching ${page.total === 1 ? 'fact' : 'facts'}, best first` : page.total === 1 ? 'fact' : 'facts';
  // A page past the end (an old link, ?from=99999) says so and offers the last page.
  if (!page.facts.length && page.offset > 0 && page.total > 0) {
    const lastPage = Math.floor((page.total - 1) / PAGE) * PAGE;
    return html`<nav class="count" aria-label="pages"><span class="muted" id=${id('count')}>no facts past ${count(page.total)} ${noun.replace(/, best first$/, '')}</span>
      <button id=${id('last')} onClick=${() => go(lastPage)}>to the last page</button></nav>`;
  }
  if (where === 'bottom' && page.total <= PAGE) return null;
  const range = page.total ? `${count(page.offset + 1)}–${count(last)} of ` : '';
  return html`<nav class="count" aria-label=${where === 'top' ? 'pages' : 'pages (bottom)'}><span class="muted" id=${id('count')}>${range}${count(page.total)} ${noun}</span>
    ${page.offset > 0 && html`<button id=${id('prev')} onClick=${() => go(Math.max(0, page.offset - PAGE))}>${q ? '← better' : '← newer'}</button>`}
    ${last < page.total && html`<button id=${id('next')} onClick=${() => go(page.offset + PAGE)}>${q ? 'weaker →' : 'older →'}</button>`}</nav>`;
}

/** A misspelt word the search corrected, as the CLI says it: "no facts match postgress; did you mean postgres?" */
export function Meant({ meant }) {
  if (!meant?.length) return null;
  return html`<p class="meant" id="meant" role="status">${meant.map((m) => html`<span>No facts match <b>${m.word}</b>; showing <b>${m.meant}</b> (did you mean ${m.meant}?). </span>`)}</p>`;
}

/** Nothing matched: what to try, and a button for each filter that narrows the view. */
export function NoFacts({ view, setView }) {
  const widen = [
    view.in !== 'all' && ['every scope', { in: 'all' }],
    view.kind && ['any kind', { kind: '' }],
    view.since && ['any date', { since: '' }],
    view.state !== 'active' && !view.q && ['active facts', { state: 'active' }],
  ].filter(Boolean);
  return html`<div id="empty" class="empty">
    <p>${view.q ? html`No facts match <b>${view.q}</b>.` : 'No facts here.'}</p>
    ${view.q && html`<p class="muted">Search looks for the words themselves (and their forms: deploy, deploying). Try other words: a synonym, another spelling, the other language (деплой / deploy), the name of the system.</p>`}
    ${widen.length > 0 && html`<p>Widen the filters: ${widen.map(([label, change]) => html`<button onClick=${() => setView({ ...view, ...change, from: 0 })}>${label}</button> `)}</p>`}
  </div>`;
}

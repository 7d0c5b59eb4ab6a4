// What every part of the viewer shares: htm bound to Preact, the API call, the view kept in the URL,
// and small formatting helpers.
import { h } from 'preact';
import htm from 'htm';

export const html = htm.bind(h);
export const KINDS = ['rule', 'decision', 'gotcha', 'env', 'note'];
/** Facts per page: enough to scan, few enough that 10,000 facts never reach the page at once. */
export const PAGE = 100;

/** Relative to the page; the session cookie goes along with every request (src/ui/guard.ts). */
export async function api(path, body, signal) {
  const init = body === undefined ? { signal } : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal };
  const res = await fetch(`api/${path}`, init);
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

export const when = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
export const query = (params) => new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined && v !== null)).toString();

/** The whole view (tab, filters, page, opened fact) as URL parameters: reload and back keep it. */
/** `in: ''` is the CLI's default: this repo, this machine and global inside a repo, else every scope. */
export const DEFAULT_VIEW = { tab: 'facts', q: '', in: '', kind: '', since: '', state: 'active', from: 0, fact: '', via: '', logFrom: 0 };

export function viewFromUrl() {
  const params = new URLSearchParams(location.search);
  const view = { ...DEFAULT_VIEW };
  for (const key of Object.keys(view)) if (params.has(key)) view[key] = params.get(key);
  view.from = Math.max(0, Number(view.from) || 0);
  view.logFrom = Math.max(0, Number(view.logFrom) || 0);
  return view;
}

export function viewUrl(view) {
  const changed = Object.fromEntries(Object.entries(view).filter(([k, v]) => String(v) !== String(DEFAULT_VIEW[k])));
  const search = query(changed);
  return search ? `?${search}` : location.pathname;
}

export const count = (n) => n.toLocaleString('en');

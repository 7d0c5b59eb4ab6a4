// The JavaScript search libraries a developer would pick instead of memcue (issue 23), over the same
// facts and the same queries: MiniSearch and FlexSearch as their READMEs set them up for a search box
// (OR of the query's words; MiniSearch with prefix and fuzzy matching, FlexSearch with `suggest` so a
// fact holding only some of the words is found, and its forward tokenizer for prefixes). A fact's
// index-only column (translation, keywords) is indexed as a second field, as the porter baseline does:
// the comparison is of ranking, not of what was indexed. Each returns its best `limit` facts; callers
// give it memcue's own result count per query ("at equal result counts").
import { Index } from 'flexsearch';
import MiniSearch from 'minisearch';
import { readHidden } from '../src/text/hidden-index.js';

export type Peer = 'minisearch' | 'flexsearch';
export const PEERS: readonly Peer[] = ['minisearch', 'flexsearch'];

interface Doc {
  id: string;
  text: string;
  hidden?: string;
}

/** Ranked fact ids for a query, at most `limit`. */
export type PeerSearch = (query: string, limit: number) => string[];

/** The index-only column as plain words: the translation, then the keywords. */
function hiddenWords(hidden: string | undefined): string {
  if (!hidden) return '';
  const { translation, keywords } = readHidden(hidden);
  return `${translation} ${keywords.join(', ')}`.trim();
}

export function peerIndex(peer: Peer, docs: readonly Doc[]): PeerSearch {
  return peer === 'minisearch' ? miniSearch(docs) : flexSearch(docs);
}

function miniSearch(docs: readonly Doc[]): PeerSearch {
  const index = new MiniSearch<{ id: number; text: string; hidden: string }>({ fields: ['text', 'hidden'], searchOptions: { prefix: true, fuzzy: 0.2 } });
  index.addAll(docs.map((d, id) => ({ id, text: d.text, hidden: hiddenWords(d.hidden) })));
  return (query, limit) => index.search(query).slice(0, limit).map((r) => docs[r.id as number]!.id);
}

function flexSearch(docs: readonly Doc[]): PeerSearch {
  const index = new Index({ tokenize: 'forward' });
  // The fact first, its index-only words after: FlexSearch scores a word by where it stands.
  docs.forEach((d, id) => index.add(id, `${d.text} ${hiddenWords(d.hidden)}`));
  return (query, limit) => (limit > 0 ? (index.search(query, { limit, suggest: true }) as number[]).map((id) => docs[id]!.id) : []);
}

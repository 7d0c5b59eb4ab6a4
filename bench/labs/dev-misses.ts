// Every miss of one split of the dev-domain set (bench/data/dev), with what the search saw: the
// query's items after expansion, the wanted fact, what came first and its score. Tuning only by
// default (`DEV_SPLIT=tune`): the hold-out is looked at once, by `npm run bench:dev`, not here.
// `npx bun bench/labs/dev-misses.ts [type…]`
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFacts } from '../../src/eval/dataset.js';
import { loadFacts } from '../../src/eval/run.js';
import { expandItems } from '../../src/search/expand.js';
import { queryItems } from '../../src/search/query.js';
import { RANKING } from '../../src/search/rerank.js';
import { search } from '../../src/search/search.js';
import { sqliteVocabulary } from '../../src/search/sqlite-vocabulary.js';
import { Store } from '../../src/store/store.js';
import { devQueries } from '../dev-set.js';

const split = process.env.DEV_SPLIT ?? 'tune';
const types = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'memcue-dev-misses-'));
try {
  const store = (await Store.open(join(work, 'dev.db'), { write: true }))!;
  const facts = parseFacts(readFileSync(new URL('../data/dev/facts.jsonl', import.meta.url), 'utf8'));
  const text = new Map(facts.map((f) => [f.id, f.text]));
  const ids = await loadFacts(store, facts, 'bench');
  let misses = 0;
  for (const q of devQueries()) {
    if (q.fields.split !== split || q.fields.type === 'crosslang' || (types.length && !types.includes(q.fields.type!))) continue;
    const hits = search(store, q.text);
    const returned = hits.map((h) => ids.get(h.id)!);
    if (returned.slice(0, 5).some((id) => q.relevant.has(id))) continue;
    misses++;
    const wanted = [...q.relevant][0]!;
    const { items, corrections } = expandItems(q.text, queryItems(q.text), sqliteVocabulary(store.db));
    const all = search(store, q.text, { limit: 30, cutoff: 0 }).map((h) => ids.get(h.id)!);
    console.log(`\n${q.fields.type}\t${q.id}\t${q.text}`);
    console.log(`  items: ${items.map((i) => `${i.terms.join(' ')}${i.prefix ? '*' : ''}#${i.group}`).join(', ')}${corrections.length ? `; corrected ${corrections.map((c) => `${c.word}→${c.term}`).join(', ')}` : ''}`);
    console.log(`  wanted ${wanted} (pool rank ${all.indexOf(wanted) + 1 || '-'}): ${text.get(wanted)}`);
    // The word score alone (no trigrams) beside the total, for the wanted fact and the first two.
    const weight = RANKING.gramWeight;
    RANKING.gramWeight = 0;
    const words = new Map(search(store, q.text, { limit: 30, cutoff: 0 }).map((h) => [ids.get(h.id)!, h.score]));
    RANKING.gramWeight = weight;
    const total = new Map(search(store, q.text, { limit: 30, cutoff: 0 }).map((h) => [ids.get(h.id)!, h.score]));
    const show = (id: string) => `${(total.get(id) ?? 0).toFixed(2)} (words ${(words.get(id) ?? 0).toFixed(2)})`;
    console.log(`  wanted score ${show(wanted)}`);
    hits.slice(0, 2).forEach((h, i) => console.log(`  #${i + 1} ${ids.get(h.id)} ${show(ids.get(h.id)!)}: ${h.text}`));
  }
  console.log(`\n${misses} misses (${split}${types.length ? `, ${types.join(' ')}` : ''})`);
  store.close();
} finally {
  rmSync(work, { recursive: true, force: true });
}

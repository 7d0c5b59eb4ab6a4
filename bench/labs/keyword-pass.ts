// The real-model keyword pass of issue 15, item 3. `prepare DIR` writes one memcue database per set
// (each LoCoMo conversation, XQuAD-ru) holding the set's facts and nothing else — no questions — so
// that a model can answer the real `memcue dream` batches over them; `collect DIR` reads back the
// keywords the applied answers left in the index-only column, keyed by the set's own fact ids, into
// bench/data/<set>.keywords.jsonl (with KEYWORDS=round2: <set>.keywords.round2.jsonl), which
// bench/quality.ts uses for its "agent + keywords" rows.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFacts } from '../../src/eval/dataset.js';
import { loadFacts } from '../../src/eval/run.js';
import { withStore } from '../../src/store/store.js';
import { readHidden } from '../../src/text/hidden-index.js';
import { KEYWORD_ROUND, loadParts } from '../quality-sets.js';

const [command, dir] = process.argv.slice(2);
if (!dir || (command !== 'prepare' && command !== 'collect')) {
  console.error('usage: bun bench/labs/keyword-pass.ts prepare|collect DIR');
  process.exit(1);
}
const dataDir = fileURLToPath(new URL('../data/', import.meta.url));

/** One database per set of facts: LoCoMo conversations, and XQuAD-ru once (its splits share the facts). */
function sets(): { name: string; facts: string }[] {
  const seen = new Set<string>();
  return loadParts()
    .map((p) => ({ name: p.dataset === 'LoCoMo' ? p.name : 'xquad-ru', facts: p.facts }))
    .filter((s) => !seen.has(s.name) && seen.add(s.name));
}

if (command === 'prepare') {
  mkdirSync(dir, { recursive: true });
  for (const set of sets()) {
    const ids = await withStore(join(dir, `${set.name}.db`), true, (store) => loadFacts(store!, parseFacts(set.facts), 'bench'));
    writeFileSync(join(dir, `${set.name}.ids.json`), JSON.stringify(Object.fromEntries(ids)));
    console.log(`${set.name}: ${ids.size} facts in ${join(dir, `${set.name}.db`)}`);
  }
} else {
  const byFile = new Map<string, string[]>();
  for (const set of sets()) {
    const ids = JSON.parse(readFileSync(join(dir, `${set.name}.ids.json`), 'utf8')) as Record<string, string>;
    const lines = await withStore(join(dir, `${set.name}.db`), false, (store) =>
      store!.list({}).flatMap((f) => {
        const { keywords } = readHidden(f.translation);
        const id = ids[f.id];
        return id && keywords.length ? [JSON.stringify({ id, keywords })] : [];
      }),
    );
    const file = `${set.name === 'xquad-ru' ? 'xquad-ru' : 'locomo'}.keywords${KEYWORD_ROUND}.jsonl`;
    byFile.set(file, [...(byFile.get(file) ?? []), ...lines]);
    console.log(`${set.name}: ${lines.length} of ${Object.keys(ids).length} facts have keywords`);
  }
  for (const [file, lines] of byFile) writeFileSync(join(dataDir, file), lines.join('\n') + '\n');
}

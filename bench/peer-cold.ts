// A peer search library as a cold process (issue 36): `build PEER JSONL DIR` indexes the facts and
// saves the index as the library exports it; `search PEER DIR WORDS…` loads that index and answers
// (five results), as a command would on every call. Compiled by bench/topk.ts like the hello world.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Index } from 'flexsearch';
import MiniSearch from 'minisearch';

const OPTIONS = { fields: ['text'], storeFields: ['id'], searchOptions: { prefix: true, fuzzy: 0.2 } };
const [mode, peer, ...rest] = process.argv.slice(2);

if (mode === 'build') {
  const [jsonl, dir] = rest as [string, string];
  mkdirSync(dir, { recursive: true });
  const facts = readFileSync(jsonl, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id: string; text: string });
  writeFileSync(join(dir, 'ids.json'), JSON.stringify(facts.map((f) => f.id)));
  if (peer === 'minisearch') {
    const index = new MiniSearch(OPTIONS);
    index.addAll(facts.map((f, id) => ({ id, text: f.text })));
    writeFileSync(join(dir, 'index.json'), JSON.stringify(index));
  } else {
    const index = new Index({ tokenize: 'forward' });
    facts.forEach((f, id) => index.add(id, f.text));
    index.export((key, data) => writeFileSync(join(dir, `flex.${key}`), data ?? ''));
  }
} else if (mode === 'search') {
  const [dir, ...words] = rest as [string, ...string[]];
  const ids = JSON.parse(readFileSync(join(dir, 'ids.json'), 'utf8')) as string[];
  const query = words.join(' ');
  let found: number[];
  if (peer === 'minisearch') {
    const index = MiniSearch.loadJSON(readFileSync(join(dir, 'index.json'), 'utf8'), OPTIONS);
    found = index.search(query).slice(0, 5).map((r) => r.id as number);
  } else {
    const index = new Index({ tokenize: 'forward' });
    for (const file of readdirSync(dir).filter((f) => f.startsWith('flex.'))) index.import(file.slice(5), readFileSync(join(dir, file), 'utf8'));
    found = index.search(query, { limit: 5, suggest: true }) as number[];
  }
  console.log(found.map((id) => ids[id]).join('\n'));
} else {
  throw new Error('usage: peer-cold.ts build|search minisearch|flexsearch …');
}

// Writes distractors.jsonl and scale.jsonl of the repo-work set: the facts of the same user's other
// projects, and the extra years of memory of the `scale` condition. Deterministic (seeded), so the
// committed files are exactly what `bun bench/e2e/sets/repo-work/make-facts.ts` writes.
// Hand-written facts come first: the three global facts tasks need (learned in other projects) and
// near misses (the same system in another project with another value); templates fill the rest.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HAND_DISTRACTORS, NEAR_MISSES, type Fact } from './facts-hand.js';
import { fillerFacts, oldRepoFacts, PROJECTS, SCALE_PROJECTS } from './facts-templates.js';
import { seeded } from '../../../seeded.js';

const here = fileURLToPath(new URL('.', import.meta.url));

function write(file: string, facts: Fact[]): void {
  const ids = new Set<string>();
  const texts = new Set<string>();
  for (const f of facts) {
    if (ids.has(f.id)) throw new Error(`${file}: duplicate id ${f.id}`);
    if (texts.has(f.text)) throw new Error(`${file}: duplicate text ${f.text}`);
    ids.add(f.id);
    texts.add(f.text);
  }
  writeFileSync(join(here, file), facts.map((f) => JSON.stringify(f)).join('\n') + '\n');
  const ru = facts.filter((f) => f.lang === 'ru').length;
  console.log(`${file}: ${facts.length} facts, ${ru} in Russian`);
}

const rand = seeded(32);
const distractors: Fact[] = [...HAND_DISTRACTORS, ...NEAR_MISSES, ...fillerFacts(rand, PROJECTS, 'd', 260)];
write('distractors.jsonl', distractors);

// scale: older sessions of the three task repos (so their MEMORY.md runs far past 200 lines), more
// projects, more global habits of the user.
const scale: Fact[] = [
  ...oldRepoFacts(rand, 'orders-api', 330),
  ...oldRepoFacts(rand, 'ledger-etl', 330),
  ...oldRepoFacts(rand, 'platform-infra', 330),
  ...fillerFacts(rand, SCALE_PROJECTS, 's', 900),
];
write('scale.jsonl', scale);

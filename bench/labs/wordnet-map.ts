// From WordNet to a map of query-side expansions keyed by memcue's own terms: for every stem of an
// English lemma, the stems of its synonyms (same synset) and derivationally related forms, over the
// lemma's most frequent senses only. Keys and values are index terms (stemWord output), so a query
// term looks its expansions up directly and they go to FTS5 as they are.
import { isStopWord } from '../../src/text/stopwords.js';
import { stemWord } from '../../src/text/tokenize.js';
import type { Sense, WordNet } from './wordnet.js';

export interface MapOptions {
  /** Senses per lemma and part of speech, most frequent first. */
  senses: number;
  /** Only senses attested in SemCor (tag count > 0), within `senses`. */
  taggedOnly: boolean;
  synonyms: boolean;
  derivations: boolean;
  /** Leave out a stem whose expansions are more than this (an ambiguous word expands to noise). */
  maxExpansions: number;
  /** Multi-word lemmas ("road trip") as phrases of their stems. */
  multiword: boolean;
  /**
   * Names: 'lemma' leaves out every lemma WordNet ever writes capitalised ("john" is also a toilet),
   * as key or expansion; 'sense' only the senses and expansions written capitalised.
   */
  skipNames: 'none' | 'sense' | 'lemma';
  /** Parts of speech whose senses are used. */
  pos: readonly string[];
  /** Key by lemma ("activity") instead of by stem ("activ", shared with "active", "activate"). */
  byLemma?: boolean;
}

const WORD = /^[a-z]+$/;
const PHRASE = /^[a-z]+( [a-z]+)+$/;

function termOf(wn: WordNet, lemma: string, capitalised: boolean, opts: MapOptions): string | undefined {
  if (opts.skipNames === 'lemma' && wn.proper.has(lemma)) return undefined;
  if (opts.skipNames === 'sense' && capitalised) return undefined;
  const multiword = opts.multiword;
  if (WORD.test(lemma)) return isStopWord(lemma) ? undefined : stemWord(lemma);
  if (multiword && PHRASE.test(lemma)) return lemma.split(' ').map(stemWord).join(' ');
  return undefined;
}

export function buildMap(wn: WordNet, opts: MapOptions): Map<string, string[]> {
  const byStem = new Map<string, Set<string>>();
  for (const [lemma, byPos] of wn.senses) {
    if (!WORD.test(lemma) || isStopWord(lemma) || (opts.skipNames === 'lemma' && wn.proper.has(lemma))) continue;
    const key = opts.byLemma ? lemma : stemWord(lemma);
    const out = byStem.get(key) ?? new Set<string>();
    byStem.set(key, out);
    const own = stemWord(lemma);
    for (const [pos, list] of byPos) {
      if (!opts.pos.includes(pos)) continue;
      const chosen: Sense[] = list.slice(0, opts.senses).filter((s) => !opts.taggedOnly || s.tagged);
      for (const sense of chosen) {
        const synset = wn.synsets.get(sense.synset)!;
        const self = synset.words.indexOf(lemma);
        if (opts.skipNames === 'sense' && synset.capitalised[self]) continue;
        if (opts.synonyms) synset.words.forEach((w, i) => add(out, termOf(wn, w, synset.capitalised[i]!, opts), own));
        if (opts.derivations) {
          for (const d of synset.derivations) {
            if (d.from !== self) continue;
            const target = wn.synsets.get(d.to)!;
            add(out, termOf(wn, target.words[d.word]!, target.capitalised[d.word]!, opts), own);
          }
        }
      }
    }
  }
  const map = new Map<string, string[]>();
  for (const [key, set] of byStem) {
    if (set.size > 0 && set.size <= opts.maxExpansions) map.set(key, [...set].sort());
  }
  return map;
}

function add(out: Set<string>, term: string | undefined, key: string): void {
  if (term && term !== key) out.add(term);
}

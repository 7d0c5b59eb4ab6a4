// Compounds written together in the query and apart in a fact: "roadtrip" also looks for the phrase
// "road trip" (bench/RESULTS.md, 17). No dictionary is needed: a split only matches a fact where the
// two halves stand next to each other, so wrong split points ("roa dtrip") find nothing.
import { stemWord } from '../text/tokenize.js';

/** Each half of a split word has at least this many letters: fewer phrases per word (each costs index look-ups), and "log in", "sun rise" are too short to be worth them. */
export const PART_MIN_LENGTH = 4;
/** Longer words are identifiers or pasted junk, not compounds worth a dozen phrases. */
const SPLIT_MAX_LENGTH = 20;
const LATIN_WORD = /^[a-z]+$/;

/** Every split of one folded word into two halves, as a phrase of their index terms. */
export function splits(word: string, partMin = PART_MIN_LENGTH): string[] {
  if (!LATIN_WORD.test(word) || word.length > SPLIT_MAX_LENGTH) return [];
  const out: string[] = [];
  for (let i = partMin; i <= word.length - partMin; i++) out.push(`${stemWord(word.slice(0, i))} ${stemWord(word.slice(i))}`);
  return out;
}

/** Phrases for the query's content words (folded): every split of each word. */
export function compoundTerms(words: readonly string[]): string[] {
  return words.flatMap((word) => splits(word));
}

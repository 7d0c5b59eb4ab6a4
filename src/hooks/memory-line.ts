// The card's line about the memory itself (issue 23): an agent that saw "(none recorded yet)" over a
// memory of hundreds of facts had no reason to search. The line says how many facts there are, that
// they are searched rather than listed, and which languages to search in: the second language helps
// only where the memory holds it (on an English-only memory it was noise), and then ordinary words
// must be searched in the fact's own language: only tech names cross scripts (bench/RESULTS.md 40), so
// both languages go into one search (issue 33: asked for on a second search only, cross-language
// questions were found first time 0.651 against 0.907).
import { parseLanguages } from '../dream/languages.js';
import type { Vocabulary } from '../search/vocabulary.js';

export interface MemoryShape {
  facts: number;
  /** The languages the facts are written in (the languages setting wins). */
  languages: string[];
}

const NAMES: Record<string, string> = { en: 'English', ru: 'Russian' };
/** Each script's letters as index terms hold them (folded: lower case). */
const SCRIPTS: [string, string, string][] = [
  ['en', 'a', '{'],
  ['ru', '\u0400', '\u0500'],
];

/** `setting`: MEMCUE_LANGUAGES; otherwise the scripts the index holds. A bad setting is ignored here (dream reports it). */
export function memoryShape(facts: number, vocabulary: Vocabulary | undefined, setting: string | undefined): MemoryShape {
  if (setting?.trim()) {
    try {
      return { facts, languages: parseLanguages(setting) };
    } catch {
      // fall through to what the facts show
    }
  }
  const languages = vocabulary ? SCRIPTS.filter(([, from, to]) => vocabulary.any(from, to)).map(([l]) => l) : [];
  return { facts, languages };
}

export function memoryLine({ facts, languages }: MemoryShape): string {
  if (facts === 0) return '(The memory is empty: nothing recorded yet.)';
  const names = languages.map((l) => NAMES[l] ?? l);
  const count = `${facts} fact${facts === 1 ? '' : 's'}`;
  const where = facts === 1 ? 'it is not listed here: `memcue search` finds it' : 'they are not listed here: `memcue search` finds them';
  if (names.length < 2) return `The memory holds ${count}${names.length ? ` in ${names[0]}` : ''}; ${where}.${names.length ? ` Search in ${names[0]}.` : ''}`;
  return `The memory holds ${count} in ${names.join(' and ')}; ${where}. A fact is found by the words of its own language, tech names aside: search with the key terms in both languages at once.`;
}

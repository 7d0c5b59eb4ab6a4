// The index's terms from the search file's dictionary and the facts added since it was built,
// counted as FTS5's vocabulary table counts them (live facts only); their name keys as the file
// stores them (names.ts), those of the added facts' terms worked out.
import { keyedTerms, type Vocabulary } from './vocabulary.js';
import { termKey } from '../text/translit.js';
import { utf8 } from '../snapshot/format.js';
import type { LiveIndex } from '../snapshot/pool-types.js';

const decoder = new TextDecoder();

export function liveVocabulary(live: LiveIndex): Vocabulary {
  const { file } = live;
  const vocabulary: Vocabulary = {
    *between(from, to) {
      for (const { term } of file.termsBetween(utf8.encode(from), utf8.encode(to))) yield decoder.decode(term);
      for (const doc of live.added) for (const column of doc.columns) for (const term of column) if (term >= from && term < to) yield term;
    },
    docs(term) {
      let n = 0;
      for (const entry of file.terms(utf8.encode(term), false)) {
        if (live.removed.size === 0) n += entry.docs;
        else for (const d of file.postings(entry).docs) if (!live.removed.has(d)) n++;
      }
      for (const doc of live.added) if (doc.columns.some((column) => column.includes(term))) n++;
      return n;
    },
    names(start) {
      const stored = file.nameGroup(start);
      const added = keyedTerms(addedTermsStarting(live, start));
      const keys = added.keys.length ? [...stored.keys, ...added.keys] : stored.keys;
      const term = (i: number) => (i < stored.keys.length ? decoder.decode(file.termAt(stored.positions[i]!)) : added.term(i - stored.keys.length));
      return { keys, term };
    },
    // A query word the file holds has its key there: then no key is worked out at all (the sound
    // rules' regular expressions are compiled only when one is).
    nameKey: (term) => file.nameKey(term) ?? termKey(term),
    any(from, to) {
      for (const term of vocabulary.between(from, to)) if (vocabulary.docs(term) > 0) return true;
      return false;
    },
  };
  return vocabulary;
}

function* addedTermsStarting(live: LiveIndex, start: string): Generator<string> {
  for (const doc of live.added) for (const column of doc.columns) for (const term of column) if (term.startsWith(start)) yield term;
}

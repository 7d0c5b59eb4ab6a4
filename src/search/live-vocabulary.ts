// The index's terms from the search file's dictionary and the facts added since it was built,
// counted as FTS5's vocabulary table counts them (live facts only); their name keys as the file
// stores them, by head (names.ts), those of the added facts' terms worked out.
import { keyedTerms, prefixRange, type Vocabulary } from './vocabulary.js';
import { utf8 } from '../snapshot/format.js';
import { startOf, storedName } from '../snapshot/names.js';
import type { LiveIndex } from '../snapshot/pool-types.js';
import { skeletonHead } from '../text/name-match.js';

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
    // Worked out from the dictionary: a search reads nameHeads instead (other-spellings.ts).
    names: (start) => keyedTerms(vocabulary.between(...prefixRange(start))),
    nameHeads(from, to) {
      const stored = file.nameHeads(from, to);
      const added = addedNames(live, from, to);
      const n = stored.keys.length;
      return {
        keys: added.keys.length ? [...stored.keys, ...added.keys] : stored.keys,
        starts: [...stored.slots.map(startOf), ...added.starts],
        term: (i) => (i < n ? decoder.decode(file.termAt(stored.positions[i]!)) : added.terms[i - n]!),
      };
    },
    any(from, to) {
      for (const term of vocabulary.between(from, to)) if (vocabulary.docs(term) > 0) return true;
      return false;
    },
  };
  return vocabulary;
}

/** The added facts' terms the file would store a key of, with a head in [from, to]. */
function addedNames(live: LiveIndex, from: number, to: number): { keys: string[]; starts: string[]; terms: string[] } {
  const out: { keys: string[]; starts: string[]; terms: string[] } = { keys: [], starts: [], terms: [] };
  for (const doc of live.added) {
    for (const column of doc.columns) {
      for (const term of column) {
        const name = storedName(term);
        if (!name || out.terms.includes(term)) continue;
        const head = skeletonHead(name.key);
        if (head < from || head > to) continue;
        out.keys.push(name.key);
        out.starts.push(startOf(name.slot));
        out.terms.push(term);
      }
    }
  }
  return out;
}

// The index's terms from the search file's sorted dictionary and the facts added since it was built,
// counted as FTS5's vocabulary table counts them (live facts only).
import type { Vocabulary } from '../search/vocabulary.js';
import { compareBytes, utf8 } from './format.js';
import type { LiveIndex } from './pool.js';

const decoder = new TextDecoder();

export function liveVocabulary(live: LiveIndex): Vocabulary {
  const { data } = live;
  const count = data.header.terms;
  const termAt = (t: number) => data.termBytes.subarray(data.termStart[t], data.termStart[t + 1]);
  const lowerBound = (bytes: Uint8Array) => {
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareBytes(termAt(mid), bytes) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    *between(from, to) {
      const end = lowerBound(utf8.encode(to));
      for (let t = lowerBound(utf8.encode(from)); t < end; t++) yield decoder.decode(termAt(t));
      for (const doc of live.added) for (const column of doc.columns) for (const term of column) if (term >= from && term < to) yield term;
    },
    any(from, to) {
      for (const term of this.between(from, to)) if (this.docs(term) > 0) return true;
      return false;
    },
    docs(term) {
      const bytes = utf8.encode(term);
      const t = lowerBound(bytes);
      let n = 0;
      if (t < count && compareBytes(termAt(t), bytes) === 0) {
        for (let p = data.postStart[t]!; p < data.postStart[t + 1]!; p++) if (!live.removed.has(data.posts[3 * p]!)) n++;
      }
      for (const doc of live.added) if (doc.columns.some((column) => column.includes(term))) n++;
      return n;
    },
  };
}

// How alike two facts are, for clustering: the share of their stemmed terms they have in common,
// each term weighted by its rarity among the facts (IDF). FTS5's own bm25() is used to find the
// candidates, but its IDF is clamped to ~0 for a term in over half the facts, so in a small memory two
// near-identical facts would score nothing against each other; this IDF stays positive.
import type { Fact } from '../facts/facts.js';
import { terms } from '../text/tokenize.js';

export class TermWeights {
  private readonly termSets = new Map<string, Set<string>>();
  private readonly df = new Map<string, number>();
  private readonly n: number;

  constructor(facts: readonly Fact[]) {
    this.n = facts.length;
    for (const fact of facts) {
      const set = new Set(terms(`${fact.text} ${fact.translation}`));
      this.termSets.set(fact.id, set);
      for (const t of set) this.df.set(t, (this.df.get(t) ?? 0) + 1);
    }
  }

  /** Lucene's BM25 IDF: always positive, small for common terms, large for rare ones. */
  private idf(term: string): number {
    const df = this.df.get(term) ?? 0;
    return Math.log(1 + (this.n - df + 0.5) / (df + 0.5));
  }

  /** Weighted Dice coefficient of the two facts' term sets: 1 for the same terms, 0 for none shared. */
  similarity(a: string, b: string): number {
    const ta = this.termSets.get(a);
    const tb = this.termSets.get(b);
    if (!ta || !tb) return 0;
    let shared = 0;
    let total = 0;
    for (const t of ta) {
      const w = this.idf(t);
      total += w;
      if (tb.has(t)) shared += 2 * w;
    }
    for (const t of tb) total += this.idf(t);
    return total ? shared / total : 0;
  }
}

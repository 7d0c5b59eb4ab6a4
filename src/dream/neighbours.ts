// A fact's similar facts from the FTS5 index itself, without comparing it with every other fact
// (issue 38: one full search per fact, over 60,000 facts, gave no output in 300 s). Two facts are
// neighbours when they share at least NEIGHBOUR_SIMILARITY of their IDF-weighted terms (weighted
// Dice). Such a pair must share one of the seed's rarest terms that together outweigh the rest
// (prefix filtering): 2S/(a+b) ≥ t and S ≤ b give S ≥ t·a/(2−t), so a neighbour shares more than
// what lies outside that prefix. Only the postings of those terms are read, and of a term in more
// than MAX_BLOCK_DOCS facts none (such a term alone weighs little); a fact made only of common words
// gets the facts holding its three rarest together (at most MAX_BLOCK_DOCS). The best CANDIDATES by
// shared prefix weight are then compared exactly.
import type { Fact } from '../facts/facts.js';
import type { Database } from '../sqlite/sqlite.js';
import { terms } from '../text/tokenize.js';
import { factsByRow } from './seeds.js';

/** Weighted share of terms two facts must have in common to be neighbours. */
export const NEIGHBOUR_SIMILARITY = 0.5;
/** A term in more facts than this is not used to find candidates (its postings cost more than it tells). */
export const MAX_BLOCK_DOCS = 250;
/** How many candidates per seed are compared exactly (the old BM25 search looked at 16 hits). */
const CANDIDATES = 16;
/** Terms whose fact counts are remembered; beyond it the memory starts again (bounded memory). */
const DOCS_CACHE = 200_000;
const TERMS_CACHE = 5000;

/** What the search cost, in units that do not depend on the machine (tests assert them). */
export interface NeighbourWork {
  /** Posting rows read from the index. */
  postings: number;
  /** Facts compared exactly with a seed. */
  compared: number;
}

export class IndexNeighbours {
  readonly work: NeighbourWork = { postings: 0, compared: 0 };
  private readonly docsCache = new Map<string, number>();
  /** Candidates recur (they share a seed's rare terms): their weighted terms are kept, to a bound. */
  private readonly termsCache = new Map<string, Map<string, number>>();
  private readonly total: number;
  private vocabMade = false;

  constructor(private readonly db: Database) {
    this.total = Number(db.get('SELECT COUNT(*) AS n FROM fact_index_docsize')?.n ?? 0);
  }

  /** The seed's neighbours in its own scope, most similar first (ties by id), at least `similarity`. */
  find(seed: Fact, row: number, skip: (id: string) => boolean): { fact: Fact; similarity: number }[] {
    const own = this.weighted(seed);
    const weight = sum(own.values());
    if (weight === 0) return [];
    // The seed's terms rarest first; the prefix ends once what is left weighs less than a neighbour must share.
    const must = (NEIGHBOUR_SIMILARITY * weight) / (2 - NEIGHBOUR_SIMILARITY);
    const ordered = [...own].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const shared = new Map<number, number>();
    const common: [string, number][] = [];
    let read = 0;
    let left = weight;
    for (const [term, w] of ordered) {
      if (left < must) break;
      left -= w;
      const docs = this.docs(term);
      // In this fact alone (docs ≤ 1) or in too many: no postings to read.
      if (docs > MAX_BLOCK_DOCS) common.push([term, w]);
      if (docs <= 1 || docs > MAX_BLOCK_DOCS) continue;
      read++;
      this.collect(phrase(term), row, w, shared);
    }
    // A fact of common words only ("Never deploy on Friday afternoons" among 500,000 facts): its
    // candidates are the facts holding its three rarest words together, best BM25 first, at most
    // MAX_BLOCK_DOCS of them (a near-duplicate holds them all, and ranks high being as short).
    if (read === 0 && common.length >= 2) {
      const rarest = common.slice(0, 3);
      this.collect(rarest.map(([t]) => phrase(t)).join(' AND '), row, sum(rarest.map(([, w]) => w)), shared, 'ORDER BY rank ');
    }
    // Ties keep the order the rows came in (row order, or BM25's for common words): a stable sort.
    const best = [...shared].sort((a, b) => b[1] - a[1]);
    // The best candidates of the seed's scope; the index knows no scopes, so they are read a few at a time.
    const picked: number[] = [];
    const facts = new Map<number, Fact>();
    for (let i = 0; i < best.length && picked.length < CANDIDATES; i += CANDIDATES * 2) {
      const part = best.slice(i, i + CANDIDATES * 2).map(([r]) => r);
      const read = factsByRow(this.db, part);
      for (const r of part) {
        const fact = read.get(r);
        if (!fact || fact.scope !== seed.scope || skip(fact.id) || picked.length >= CANDIDATES) continue;
        facts.set(r, fact);
        picked.push(r);
      }
    }
    return picked
      .map((r) => {
        this.work.compared++;
        const fact = facts.get(r)!;
        return { fact, similarity: this.similarity(own, weight, fact) };
      })
      .filter((n) => n.similarity >= NEIGHBOUR_SIMILARITY)
      .sort((a, b) => b.similarity - a.similarity || (a.fact.id < b.fact.id ? -1 : 1));
  }

  /** Adds `w` to each row the FTS5 query matches (not `row`: the seed), reading at most MAX_BLOCK_DOCS rows. */
  private collect(query: string, row: number, w: number, shared: Map<number, number>, order = ''): void {
    for (const r of this.db.iterate(`SELECT rowid AS row FROM fact_index WHERE fact_index MATCH ? ${order}LIMIT ${MAX_BLOCK_DOCS}`, [query])) {
      this.work.postings++;
      const other = Number(r.row);
      if (other !== row) shared.set(other, (shared.get(other) ?? 0) + w);
    }
  }

  /** Weighted Dice coefficient: 1 for the same terms, 0 for none shared. */
  private similarity(own: Map<string, number>, weight: number, other: Fact): number {
    const theirs = this.weighted(other);
    let shared = 0;
    for (const [t, w] of theirs) if (own.has(t)) shared += 2 * w;
    const total = weight + sum(theirs.values());
    return total ? shared / total : 0;
  }

  /** A fact's distinct terms (text and translation, as indexed) with their IDF. */
  private weighted(fact: Fact): Map<string, number> {
    const key = `${fact.id} ${fact.version} ${fact.created_at} ${fact.host}`;
    const known = this.termsCache.get(key);
    if (known) return known;
    const out = new Map<string, number>();
    for (const t of terms(`${fact.text} ${fact.translation}`)) if (t && !out.has(t)) out.set(t, this.idf(t));
    if (this.termsCache.size >= TERMS_CACHE) this.termsCache.clear();
    this.termsCache.set(key, out);
    return out;
  }

  /** Lucene's BM25 IDF: always positive (FTS5's bm25() clamps a term in over half the facts to ~0,
   * so two near-identical facts of a small memory would score nothing against each other). */
  private idf(term: string): number {
    const df = this.docs(term);
    return Math.log(1 + (this.total - df + 0.5) / (df + 0.5));
  }

  private docs(term: string): number {
    const known = this.docsCache.get(term);
    if (known !== undefined) return known;
    if (!this.vocabMade) {
      this.db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.fact_vocab USING fts5vocab(main, 'fact_index', 'row')");
      this.vocabMade = true;
    }
    const docs = Number(this.db.get('SELECT doc FROM temp.fact_vocab WHERE term >= ? AND term < ?', [term, `${term}\u0001`])?.doc ?? 0);
    if (this.docsCache.size >= DOCS_CACHE) this.docsCache.clear();
    this.docsCache.set(term, docs);
    return docs;
  }
}

/** One term as an FTS5 phrase: quoted, so no term is read as an operator or a column name. */
function phrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

function sum(values: Iterable<number>): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

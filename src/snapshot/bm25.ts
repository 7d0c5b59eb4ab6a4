// FTS5's bm25() as fts5_aux.c computes it (k1 1.2, b 0.75, IDF log((N-n+0.5)/(n+0.5)) floored at
// 1e-6, a row's length over all columns), shared by the exhaustive pool and the pruned one.
const K1 = 1.2;
const B = 0.75;

/** One phrase's part of a row's bm25, as fts5Bm25Function writes it. It grows with f and falls with length. */
export function bm25Part(idf: number, f: number, length: number, avgdl: number): number {
  return idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * length) / avgdl)));
}

/** FTS5's IDF of a phrase `n` of `docs` facts match. */
export function idfOf(docs: number, n: number): number {
  const value = Math.log((docs - n + 0.5) / (n + 0.5));
  return value <= 0 ? 1e-6 : value;
}

/** SQLite's round(x, 6): decimal rounding, half away from zero. */
export function round6(x: number): number {
  return Number(x.toFixed(6));
}

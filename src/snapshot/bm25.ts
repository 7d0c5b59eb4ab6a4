// FTS5's bm25() as fts5_aux.c computes it (k1 1.2, b 0.75, IDF log((N-n+0.5)/(n+0.5)) floored at
// 1e-6, a row's length over all columns), shared by the exhaustive pool and the pruned one.
const K1 = 1.2;
const B = 0.75;

/** One phrase's part of a row's bm25, as fts5Bm25Function writes it. It grows with f and falls with length. */
export function bm25Part(idf: number, f: number, length: number, avgdl: number): number {
  return idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * length) / avgdl)));
}

/**
 * bm25Part's length term, K1 * (1 - B + B * length / avgdl), for the lengths up to `upTo`: with it a
 * part is idf * ((f * K1_PLUS_1) / (f + norm)), the same float as bm25Part's, without a call.
 */
export function lengthNorms(avgdl: number, upTo: number): Float64Array {
  return Float64Array.from({ length: upTo + 1 }, (_, length) => lengthNorm(length, avgdl));
}

export function lengthNorm(length: number, avgdl: number): number {
  return K1 * (1 - B + (B * length) / avgdl);
}

export const K1_PLUS_1 = K1 + 1.0;

/** FTS5's IDF of a phrase `n` of `docs` facts match. */
export function idfOf(docs: number, n: number): number {
  const value = Math.log((docs - n + 0.5) / (n + 0.5));
  return value <= 0 ? 1e-6 : value;
}

/**
 * SQLite's round(x, 6): decimal rounding, half away from zero. Away from a half, the integer nearest
 * x * 1e6 is the one toFixed rounds to, and n / 1e6 (one correctly rounded division) is the double
 * nearest the decimal toFixed writes: the same number without a string (a cold process pays ~1 µs
 * for each toFixed, and a search rounds every score it offers its pool).
 */
export function round6(x: number): number {
  const scaled = x * 1e6;
  const n = Math.round(scaled);
  // (Zero is left to toFixed: it writes -0 as 0 but -0.0000001 as -0.)
  if (Math.abs(scaled - n) < 0.499 && n !== 0 && Math.abs(n) < 2 ** 52) return n / 1e6;
  return Number(x.toFixed(6));
}

// "Did you mean" for a word typed from a short fixed list (kinds, agents): the closest choice by
// edit distance, offered only when it is close enough to be the same word misspelt.

/** The choice nearest `typed` (at most 2 edits, and fewer than half its length), else undefined. */
export function nearest(typed: string, choices: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.floor((word.length - 1) / 2)) + 1;
  for (const choice of choices) {
    const d = distance(word, choice.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [choice, d];
  }
  return best;
}

/** Levenshtein distance with adjacent transpositions counted as one edit (`deplyo` → `deploy`). */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

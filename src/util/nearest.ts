// "Did you mean" for a word typed from a short fixed list (kinds, agents): the closest choice by
// edit distance, offered only when it is close enough to be the same word misspelt.

/** The choice nearest `typed` (at most 2 edits, and fewer than half its length), else undefined. */
export function nearest(typed: string, choices: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.floor((word.length - 1) / 2)) + 1;
  for (const choice of choices) {
    const d = editDistance(word, choice.toLowerCase(), bestDistance - 1);
    if (d < bestDistance) [best, bestDistance] = [choice, d];
  }
  return best;
}

/** Optimal-string-alignment distance (a swap of two neighbours is one edit: `deplyo` → `deploy`), or max + 1 when above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      rowBest = Math.min(rowBest, d);
    }
    if (rowBest > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

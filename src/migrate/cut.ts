// Joining pieces of text greedily into chunks of at most `limit` characters: used for notes too big
// for one batch (pieces are paragraphs) and paragraphs too long for one fact (pieces are sentences).

export function joinWithin(pieces: readonly string[], separator: string, limit: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const piece of pieces) {
    // A piece longer than the limit on its own is cut hard.
    for (let start = 0; start < piece.length; start += limit) {
      const part = piece.slice(start, start + limit);
      if (current && current.length + separator.length + part.length > limit) {
        out.push(current);
        current = '';
      }
      current = current ? `${current}${separator}${part}` : part;
    }
  }
  if (current) out.push(current);
  return out;
}

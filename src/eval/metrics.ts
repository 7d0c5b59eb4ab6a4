// Retrieval figures over a list of judged queries: was a relevant fact first, in the top 5, how many
// of the relevant ones came back, how high the first one ranked, and how much came back at all.

export interface Judged {
  /** Ids returned by search, best first. */
  returned: string[];
  relevant: Set<string>;
}

export interface Figures {
  queries: number;
  hit_at_1: number;
  hit_at_5: number;
  recall_at_5: number;
  /** Mean reciprocal rank of the first relevant result (0 when none came back). */
  mrr: number;
  avg_results: number;
  /** Share of queries for which search returned nothing. */
  no_result: number;
}

const TOP = 5;

export function figures(judged: readonly Judged[]): Figures {
  const n = judged.length;
  let hit1 = 0;
  let hit5 = 0;
  let recall = 0;
  let rr = 0;
  let results = 0;
  let empty = 0;
  for (const { returned, relevant } of judged) {
    const first = returned.findIndex((id) => relevant.has(id));
    const top = returned.slice(0, TOP);
    if (first === 0) hit1++;
    if (first >= 0 && first < TOP) hit5++;
    if (first >= 0) rr += 1 / (first + 1);
    recall += top.filter((id) => relevant.has(id)).length / Math.max(relevant.size, 1);
    results += returned.length;
    if (returned.length === 0) empty++;
  }
  const mean = (x: number) => (n ? x / n : 0);
  return {
    queries: n,
    hit_at_1: mean(hit1),
    hit_at_5: mean(hit5),
    recall_at_5: mean(recall),
    mrr: mean(rr),
    avg_results: mean(results),
    no_result: mean(empty),
  };
}

// The baselines memcue is measured against: the native `sqlite3` shell's FTS5 with its own `porter`
// or `unicode61` tokenizer, and the same query handling as the reference (every word of the
// question quoted and OR-ed, BM25, top 5, results below 0.6 of the best dropped). A fact's index-only
// column (translation, keywords), if it has one, is a second column of the baseline's table too: the
// same words to find, so the comparison is of ranking, not of what was indexed.
import { spawnSync } from 'node:child_process';
import type { Judged } from '../src/eval/metrics.js';

export type Tokenizer = 'porter' | 'unicode61';

const TOKENIZE: Record<Tokenizer, string> = { porter: 'porter unicode61', unicode61: 'unicode61' };
const LIMIT = 5;
const CUTOFF = 0.6;
const MAX_TERMS = 64;

interface Doc {
  id: string;
  text: string;
  hidden?: string;
}
interface Question {
  text: string;
  relevant: Set<string>;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Words as the unicode61 tokenizer sees them, each a quoted FTS5 string, OR-ed. */
export function baselineMatch(question: string): string | undefined {
  const words = [...new Set((question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []))].slice(0, MAX_TERMS);
  return words.length ? words.map((w) => `"${w}"`).join(' OR ') : undefined;
}

/** One sqlite3 process per database: build it in memory, run every query, read back the ranks. */
export function runBaseline(tokenizer: Tokenizer, docs: readonly Doc[], questions: readonly Question[], cutoff = CUTOFF): Judged[] {
  const oneLine = (s: string) => quote(s.replace(/\s+/g, ' '));
  const sql = [
    '.mode list',
    ".separator '\t'",
    `CREATE VIRTUAL TABLE t USING fts5(id UNINDEXED, text, hidden, tokenize = ${quote(TOKENIZE[tokenizer])});`,
    'BEGIN;',
    ...docs.map((d) => `INSERT INTO t (id, text, hidden) VALUES (${quote(d.id)}, ${oneLine(d.text)}, ${oneLine(d.hidden ?? '')});`),
    'COMMIT;',
  ];
  questions.forEach((q, index) => {
    const match = baselineMatch(q.text);
    if (match) {
      sql.push(`SELECT ${index}, id, -bm25(t) FROM t WHERE t MATCH ${quote(match)} ORDER BY bm25(t) LIMIT ${LIMIT};`);
    }
  });
  const run = spawnSync('sqlite3', [':memory:'], { input: sql.join('\n'), encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0 || run.stderr) throw new Error(`sqlite3 failed (is the sqlite3 shell installed?): ${run.stderr || run.error}`);
  const ranked: { id: string; score: number }[][] = questions.map(() => []);
  for (const line of run.stdout.split('\n')) {
    if (!line) continue;
    const [index, id, score] = line.split('\t');
    ranked[Number(index)]!.push({ id: id!, score: Number(score) });
  }
  return questions.map((q, i) => {
    const best = ranked[i]![0]?.score ?? 0;
    return { returned: ranked[i]!.filter((r) => r.score >= best * cutoff).map((r) => r.id), relevant: q.relevant };
  });
}

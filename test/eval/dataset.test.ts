import { describe, expect, it } from 'vitest';
import { applyQrels, checkRelevant, parseFacts, parseQueries } from '../../src/eval/dataset.js';

describe('parseFacts', () => {
  it('reads {id, text, kind?, scope?} with defaults note/global; numeric ids become text', () => {
    const facts = parseFacts('{"id":"a","text":" one "}\n\n{"id":7,"text":"two","kind":"rule","scope":"repo:x/y"}\n');
    expect(facts).toEqual([
      { id: 'a', text: 'one', kind: 'note', scope: 'global' },
      { id: '7', text: 'two', kind: 'rule', scope: 'repo:x/y' },
    ]);
  });

  it.each([
    ['{"text":"x"}', /facts line 1: "id" is missing/],
    ['{"id":"a"}', /facts line 1: "text" is missing or empty/],
    ['{"id":"a","text":"x"}\n{"id":"a","text":"y"}', /facts line 2: fact id "a" appears twice/],
    ['{"id":"a","text":"x","kind":"fact"}', /facts line 1: unknown kind "fact"/],
    ['{"id":"a","text":"x","scope":"team"}', /facts line 1: bad scope "team"/],
    ['[1]', /facts line 1: expected a JSON object/],
    ['{oops', /facts line 1: not valid JSON/],
  ])('%s is refused', (content, message) => {
    expect(() => parseFacts(content)).toThrow(message);
  });
});

describe('parseQueries and qrels', () => {
  it('takes rel as one id or a list, keeps other fields for --by, and adds qrels lines', () => {
    const queries = parseQueries(
      ['{"id":"q1","text":"a?","rel":"f1","category":2}', '{"id":"q2","text":"b?","rel":["f2","f3"]}', '{"id":"q3","text":"c?"}'].join('\n'),
    );
    applyQrels(queries, 'query_id\tfact_id\nq3\tf4\nq3\tf5\nq1\tf6\t0\nother\tf9\n');
    expect(queries.map((q) => [...q.relevant])).toEqual([['f1'], ['f2', 'f3'], ['f4', 'f5']]);
    expect(queries[0]!.fields).toEqual({ category: '2' });
  });

  it('reports a qrels line without a tab by its number', () => {
    expect(() => applyQrels(parseQueries('{"id":"q","text":"t"}'), 'q\tf\nq f\n', 'r.tsv')).toThrow(/r\.tsv line 2: expected query_id<TAB>fact_id/);
  });

  it('refuses a relevant id that names no fact (a typo would count as a miss)', () => {
    const queries = parseQueries('{"id":"q","text":"t","rel":"nope"}');
    expect(() => checkRelevant(queries, (id) => id === 'f', 'facts.jsonl')).toThrow(/query "q" names fact "nope", which is not in facts\.jsonl/);
  });
});

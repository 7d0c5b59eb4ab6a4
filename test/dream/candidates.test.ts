// The pure parts of a dream batch: which facts to split, which language a fact is in, how the
// batch is packed into its budget.
import { describe, expect, it } from 'vitest';
import { batchText, fixedSize, pack, renderPayload } from '../../src/dream/batch-text.js';
import { languageOf, splitReason } from '../../src/dream/candidates.js';
import { readAnswerJson } from '../../src/dream/answer-json.js';

describe('splitReason', () => {
  it.each([
    ['api-gw times out after 30 s on uploads; raise PROXY_TIMEOUT to 300', undefined],
    ['Redis on staging needs AUTH. Set REDIS_URL with the password inside.', undefined],
    ['Deploys use make. Staging is on k8s. Backups run at 02:00 every night.', '3 sentences'],
    ['Ports:\n8080 for the API\n9090 for metrics', '3 lines'],
    ['Ports:\n- 8080 for the API\n- 9090 for metrics', '2 list items'],
    ['Redis on staging\nneeds AUTH', undefined],
    ['x'.repeat(301), '301 characters'],
    ['ё'.repeat(300), undefined],
  ])('%s → %s', (text, reason) => {
    expect(splitReason(text)).toBe(reason);
  });
});

describe('languageOf', () => {
  it.each([
    ['Никогда не деплоить в прод в пятницу', 'ru'],
    ['Деплой стенда через make deploy-stg', 'ru'],
    ['Используй PKG_CONFIG_PATH=/opt/lib/pkgconfig', 'ru'],
    ['Never deploy on Friday', 'en'],
    ['CI runs on ubuntu-24.04 runners', 'en'],
    ['PKG_CONFIG_PATH=/opt/lib/pkgconfig', undefined],
    ['AWS S3 API', undefined],
    ['42', undefined],
  ])('%s → %s', (text, lang) => {
    expect(languageOf(text)).toBe(lang);
  });
});

describe('pack', () => {
  const section = (name: string, n: number, size: number) => ({ name, items: Array.from({ length: n }, (_, i) => 'x'.repeat(size) + i), render: (s: string) => s });

  it('fills sections in order within the budget, skips what does not fit, and counts what is left', () => {
    const [a, b] = pack([section('a', 3, 150), section('b', 5, 10)], 500, 1050, Infinity);
    expect(a!.taken).toHaveLength(2);
    expect(a!.left).toBe(1);
    expect(b!.taken).toHaveLength(5);
    expect(b!.left).toBe(0);
  });

  it('always takes one item, however big, and stops at the limit', () => {
    expect(pack([section('a', 2, 5000)], 500, 1000, Infinity)[0]!.taken).toHaveLength(1);
    expect(pack([section('a', 9, 1)], 0, 100_000, 4)[0]!.taken).toHaveLength(4);
  });

  it('the packed text stays within the budget', () => {
    const instruction = '# a batch\n\nanswer in JSON';
    const sections = [section('items', 200, 37)];
    const budget = 3000;
    const [packed] = pack(sections, fixedSize(instruction, { batch: '0'.repeat(12) }, ['items']), budget, Infinity);
    const text = batchText(instruction, renderPayload({ batch: 'abcdefabcdef' }, [{ name: 'items', items: packed!.taken }], { remaining: { items: packed!.left } }));
    expect(text.length).toBeLessThanOrEqual(budget);
    expect(text.length).toBeGreaterThan(budget - 200);
    expect(JSON.parse(/```json\n([\s\S]*)```/.exec(text)![1]!).remaining.items).toBe(packed!.left);
  });
});

describe('readAnswerJson', () => {
  it('accepts plain JSON and a fenced block, and names what is wrong otherwise', () => {
    expect(readAnswerJson('{"a": 1}')).toEqual({ a: 1 });
    expect(readAnswerJson('```json\n{"a": 1}\n```\n')).toEqual({ a: 1 });
    expect(() => readAnswerJson('')).toThrow('the answer is empty');
    expect(() => readAnswerJson('[1]')).toThrow('the answer must be a JSON object');
    expect(() => readAnswerJson('{"a": }')).toThrow(/the answer is not valid JSON/);
  });
});

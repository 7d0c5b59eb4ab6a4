import { readFileSync, writeFileSync } from 'node:fs';
import { terms } from '../../src/text/tokenize.js';
import { sameName } from '../../src/text/name-match.js';
import { termKey, isCyrillicTerm } from '../../src/text/translit.js';
const facts = readFileSync('bench/data/dev/facts.txt', 'utf8').trim().split('\n').map((l, i) => { const [lang, kind, ...t] = l.split('|'); return { id: `d${String(i + 1).padStart(3, '0')}`, lang, kind, text: t.join('|') }; });
const langOf = (s: string) => ((s.match(/[\u0400-\u04ff]/g)?.length ?? 0) > (s.match(/[a-z]/gi)?.length ?? 0) / 2 ? 'ru' : 'en');
const crossScript = (q: string, f: string) => {
  const qt = terms(q), ft = terms(f);
  return qt.some((a) => ft.some((b) => {
    if (isCyrillicTerm(a) === isCyrillicTerm(b)) return false;
    const ka = termKey(a), kb = termKey(b); if (!ka || !kb) return false;
    return isCyrillicTerm(a) ? sameName(ka, kb) : sameName(kb, ka);
  }));
};
const relabelled: Record<string, number> = {};
const queries = readFileSync('bench/data/dev/queries.txt', 'utf8').trim().split('\n').map((l, i) => {
  const [n, type0, ...t] = l.split('|');
  const fact = facts[Number(n) - 1]!;
  const text = t.join('|');
  const lang = langOf(text);
  let type = type0!;
  const named = (fact.lang === 'en' && /[\u0400-\u04ff]/.test(text)) || text === 'elastic 429 size 10000';
  if (type === 'translit' && !named && !crossScript(text, fact.text)) { type = lang !== fact.lang ? 'crosslang' : 'paraphrase'; relabelled[`translit→${type}`] = (relabelled[`translit→${type}`] ?? 0) + 1; }
  if (type === 'crosslang' && lang === fact.lang) { type = 'paraphrase'; relabelled['crosslang→paraphrase'] = (relabelled['crosslang→paraphrase'] ?? 0) + 1; }
  return { id: `q${String(i + 1).padStart(3, '0')}`, text, rel: fact.id, type, lang, fact_lang: fact.lang, split: Number(n) % 2 === 1 ? 'tune' : 'hold-out' };
});
console.log(relabelled);
const count = (k: (q: any) => string) => queries.reduce((m: Record<string, number>, q) => ((m[k(q)] = (m[k(q)] ?? 0) + 1), m), {});
console.log(count((q) => q.type), count((q) => q.split), count((q) => q.lang));
writeFileSync('bench/data/dev/facts.jsonl', facts.map((f) => JSON.stringify({ id: f.id, text: f.text, kind: f.kind, lang: f.lang })).join('\n') + '\n');
writeFileSync('bench/data/dev/queries.jsonl', queries.map((q) => JSON.stringify(q)).join('\n') + '\n');

// Experiment 31 (bench/RESULTS.md): do the keywords of the real-model pass (bench/data/*.keywords.jsonl)
// miss the questions' words in a systematic way? For every judged question of the tuning split, each
// content term of the question (raw, and the agent's query) is looked up in its relevant facts: in
// their text, in their keywords only, or in neither. Terms the facts lack are counted over all
// questions, so a word the questions keep using and the keywords never give stands out.
// `npx bun bench/labs/keyword-coverage.ts` (QUALITY_SPLIT=hold-out only once a change is decided).
import { applyQrels, parseFacts, parseQueries } from '../../src/eval/dataset.js';
import { queryTerms } from '../../src/search/query.js';
import { readHidden } from '../../src/text/hidden-index.js';
import { terms } from '../../src/text/tokenize.js';
import { agentPart, keywordsPart, loadParts, type Split } from '../quality-sets.js';

const split = (process.env.QUALITY_SPLIT ?? 'tune') as Split;
/** Capitalised words are names: every LoCoMo fact names its person, and a name is not what keywords are for. */
const NAME = /^\p{Lu}/u;

/** The facts' own script: the agent's words in the other language are for a translation, not for keywords. */
const SCRIPT = { LoCoMo: /^[a-z]/, 'XQuAD-ru': /^[\u0400-\u04ff]/ };

for (const dataset of ['LoCoMo', 'XQuAD-ru'] as const) {
  const parts = loadParts().filter((p) => p.split === split && p.dataset === dataset);
  const tally = { raw: { text: 0, keywords: 0, neither: 0 }, agent: { text: 0, keywords: 0, neither: 0 } };
  const missing = { raw: new Map<string, number>(), agent: new Map<string, number>() };
  const examples: string[] = [];
  let keywordTerms = 0;
  let repeatingText = 0;
  let nameKeywords = 0;
  for (const part of parts) {
    const withKeywords = keywordsPart(part)!;
    const facts = new Map(parseFacts(withKeywords.facts).map((f) => [f.id, f]));
    const raw = parseQueries(part.queries);
    if (part.qrels) applyQrels(raw, part.qrels);
    const agent = new Map(parseQueries(agentPart(part).queries).map((q) => [q.id, q.text]));
    for (const fact of facts.values()) {
      const keywords = readHidden(fact.hidden ?? '').keywords;
      const text = new Set(terms(fact.text));
      for (const k of keywords) {
        const ks = terms(k);
        keywordTerms += ks.length;
        repeatingText += ks.filter((t) => text.has(t)).length;
        if (NAME.test(k) && ks.length === 1 && text.has(ks[0]!)) nameKeywords++;
      }
    }
    for (const q of raw.filter((q) => q.relevant.size > 0)) {
      const relevant = [...q.relevant].map((id) => facts.get(id)!);
      const inText = new Set(relevant.flatMap((f) => terms(f.text)));
      const inKeywords = new Set(relevant.flatMap((f) => terms(readHidden(f.hidden ?? '').keywords.join(', '))));
      for (const [style, text] of [['raw', q.text], ['agent', agent.get(q.id)!]] as const) {
        const names = new Set(text.split(/\s+/).filter((w) => NAME.test(w)).flatMap((w) => terms(w)));
        const lacking: string[] = [];
        for (const t of new Set(queryTerms(text))) {
          if (names.has(t) || !SCRIPT[dataset].test(t)) continue;
          const where = inText.has(t) ? 'text' : inKeywords.has(t) ? 'keywords' : 'neither';
          tally[style][where]++;
          if (where === 'neither') {
            missing[style].set(t, (missing[style].get(t) ?? 0) + 1);
            lacking.push(t);
          }
        }
        if (style === 'raw' && examples.length < 12 && lacking.length >= 2) examples.push(`${q.text}  — lacking: ${lacking.join(', ')}`);
      }
    }
  }
  const share = (t: { text: number; keywords: number; neither: number }) => {
    const n = t.text + t.keywords + t.neither;
    return `in the text ${((100 * t.text) / n).toFixed(1)} %, in keywords only ${((100 * t.keywords) / n).toFixed(1)} %, in neither ${((100 * t.neither) / n).toFixed(1)} % (${n} terms)`;
  };
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([t, n]) => `${t} ${n}`).join(', ');
  console.log(`\n${dataset} (${split}): the questions' content terms (names aside) in their relevant facts`);
  console.log(`  raw questions: ${share(tally.raw)}`);
  console.log(`  agent queries: ${share(tally.agent)}`);
  console.log(`  keyword terms repeating a term of the fact's text: ${((100 * repeatingText) / keywordTerms).toFixed(1)} % of ${keywordTerms}; keywords that are the fact's own name: ${nameKeywords}`);
  console.log(`  most frequent terms the relevant facts lack, raw: ${top(missing.raw)}`);
  console.log(`  … agent: ${top(missing.agent)}`);
  console.log(`  examples (raw):\n    ${examples.join('\n    ')}`);
}

// LoCoMo's locomo10.json (snap-research/LoCoMo, data/locomo10.json) → the three evaluation files the
// benches read (issue 33): the shared /work/shared/data/eval files are this conversion of conv-26, 30,
// 41, 42 and 43, byte for byte (test/bench/locomo-convert.test.ts); the other five give fresh held-out
// questions for the agent loop (`MEMCUE_LOCOMO_DIR`, bench/agent-loop.ts).
//   npx bun bench/locomo-convert.ts LOCOMO10.JSON OUT [CONV…]   (no CONV: all ten)
// - locomo_facts.jsonl   {conv, id, text, speaker, evidence}: each session's observations, in the file's
//   order; id `<conv>/session_<n>_observation/<speaker>/<index in that speaker's list>`
// - locomo_queries.jsonl {conv, id, text, category, answer, evidence}: every question, category 5
//   (adversarial) included (the readers skip it); id `<conv>/q<index in qa>`; a question with only
//   an `adversarial_answer` takes that as its answer
// - locomo_qrels.tsv     query id<TAB>fact id, where a fact's evidence shares a dialogue id (`D8:6`) with
//   the question's, within the conversation; sorted, each pair once
// LoCoMo is CC BY-NC 4.0: the output never goes into this repository.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Converted {
  facts: string;
  queries: string;
  qrels: string;
  /** Per conversation: how many facts, questions, and questions outside category 5 with a relevant fact. */
  counts: { conv: string; facts: number; questions: number; judged: number }[];
}

type Row = Record<string, unknown>;

class LocomoError extends Error {}

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Dialogue ids of one evidence entry. LoCoMo mostly writes one id a string, but a few entries hold
 * several (`D8:6; D9:17`, `D26:14, D26:34`, `D9:1 D4:4`); a malformed id (`D`, `D:11:26`) stays as it
 * is and matches nothing, as in the shared files.
 */
export function dialogueIds(entry: unknown): string[] {
  const entries = Array.isArray(entry) ? entry : [entry];
  return entries.flatMap((e) => String(e).split(/[;,\s]+/).filter(Boolean));
}

/** The samples of a parsed locomo10.json, checked enough that a wrong file says so in one line. */
function samplesOf(data: unknown): Row[] {
  if (!Array.isArray(data) || !data.every((s) => isObject(s) && typeof s.sample_id === 'string' && Array.isArray(s.qa) && isObject(s.observation))) {
    throw new LocomoError('not LoCoMo\'s locomo10.json (expected a list of {sample_id, qa, observation, …})');
  }
  return data as Row[];
}

export function convertLocomo(data: unknown, convs?: string[]): Converted {
  const samples = samplesOf(data);
  const known = samples.map((s) => s.sample_id as string);
  const unknown = (convs ?? []).filter((c) => !known.includes(c));
  if (unknown.length) throw new LocomoError(`${unknown.join(', ')}: not in the file (it has ${known.join(', ')})`);
  const facts: Row[] = [];
  const queries: Row[] = [];
  const pairs = new Set<string>();
  const counts: Converted['counts'] = [];
  // The file's order, whatever the order asked: the output of a set of conversations is one file.
  for (const sample of samples.filter((s) => !convs || convs.includes(s.sample_id as string))) {
    const conv = sample.sample_id as string;
    const byEvidence = new Map<string, string[]>();
    const before = { facts: facts.length, queries: queries.length };
    for (const [session, speakers] of Object.entries(sample.observation as Row)) {
      if (!isObject(speakers)) throw new LocomoError(`${conv} ${session}: expected {speaker: [[text, evidence], …]}`);
      for (const [speaker, list] of Object.entries(speakers)) {
        (Array.isArray(list) ? list : []).forEach((item: unknown, index) => {
          if (!Array.isArray(item) || typeof item[0] !== 'string') throw new LocomoError(`${conv} ${session} ${speaker} ${index}: expected [text, evidence]`);
          const id = `${conv}/${session}/${speaker}/${index}`;
          const ids = dialogueIds(item[1]);
          // One id stays a string, as LoCoMo writes it; several are a list.
          const evidence = typeof item[1] === 'string' && ids.length === 1 ? item[1] : ids;
          facts.push({ conv, id, text: item[0], speaker, evidence });
          for (const d of ids) byEvidence.set(d, [...(byEvidence.get(d) ?? []), id]);
        });
      }
    }
    let judged = 0;
    (sample.qa as unknown[]).forEach((qa, index) => {
      if (!isObject(qa) || typeof qa.question !== 'string') throw new LocomoError(`${conv} qa ${index}: expected {question, answer, evidence, category}`);
      const id = `${conv}/q${index}`;
      const evidence = dialogueIds(qa.evidence ?? []);
      queries.push({ conv, id, text: qa.question, category: qa.category, answer: 'answer' in qa ? qa.answer : (qa.adversarial_answer ?? null), evidence });
      const relevant = new Set(evidence.flatMap((d) => byEvidence.get(d) ?? []));
      for (const fact of relevant) pairs.add(`${id}\t${fact}`);
      if (relevant.size && qa.category !== 5) judged++;
    });
    counts.push({ conv, facts: facts.length - before.facts, questions: queries.length - before.queries, judged });
  }
  const jsonl = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  // Code-unit order of (query, fact): '\t' sorts below every character of an id.
  const qrels = [...pairs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { facts: jsonl(facts), queries: jsonl(queries), qrels: qrels.join('\n') + '\n', counts };
}

export const LOCOMO_FILES = ['locomo_facts.jsonl', 'locomo_queries.jsonl', 'locomo_qrels.tsv'] as const;

/** Writes the three files into `out`; refuses a folder inside this checkout (CC BY-NC data). */
export function convertFile(input: string, out: string, convs?: string[]): Converted {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const inside = relative(root, resolve(out));
  if (!inside.startsWith('..') && !isAbsolute(inside)) throw new LocomoError(`${out} is inside the repository: LoCoMo is CC BY-NC 4.0 and stays out of it; write somewhere else`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(input, 'utf8'));
  } catch (err) {
    throw new LocomoError(`${input}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not valid JSON'} (LoCoMo's data/locomo10.json)`);
  }
  const converted = convertLocomo(data, convs?.length ? convs : undefined);
  mkdirSync(out, { recursive: true });
  const [facts, queries, qrels] = LOCOMO_FILES;
  writeFileSync(join(out, facts), converted.facts);
  writeFileSync(join(out, queries), converted.queries);
  writeFileSync(join(out, qrels), converted.qrels);
  return converted;
}

// Run as a command, not when a test imports it.
if (process.argv[1]?.endsWith('locomo-convert.ts')) {
  const [input, out, ...convs] = process.argv.slice(2);
  if (!input || !out || input === '--help') {
    console.log('usage: npx bun bench/locomo-convert.ts LOCOMO10.JSON OUT [CONV…]   e.g. … locomo10.json /tmp/locomo-extra conv-44 conv-47');
    process.exit(input === '--help' ? 0 : 1);
  }
  try {
    for (const c of convertFile(input, out, convs).counts) {
      console.log(`${c.conv}: ${c.facts} facts, ${c.questions} questions (${c.judged} judged: category 5 left out, a relevant fact found)`);
    }
  } catch (err) {
    if (!(err instanceof LocomoError)) throw err;
    console.error(`locomo-convert: ${err.message}`);
    process.exit(1);
  }
}

// Which languages a memory is written in decides what dream translates (issue 15: on a memory of
// English facts dream asked to translate 1,208 of 1,210 into Russian). A translation only helps
// when queries come in another language the user writes in; an English-only memory gets keywords.
import { MemcueError } from '../errors.js';
import type { Fact } from '../facts/facts.js';
import { languageOf, type Language } from './candidates.js';

const KNOWN: readonly Language[] = ['en', 'ru'];
/** A language the memory is written in: at least this share of its facts, and at least MIN_FACTS of them. */
const MIN_SHARE = 0.05;
const MIN_FACTS = 3;

/**
 * `MEMCUE_LANGUAGES=en,ru` (or `--languages`) wins; otherwise English (agents query in English too,
 * so a Russian memory is translated into it: seed 000, 22/30 → 30/30) and the languages found in the facts.
 */
export function memoryLanguages(facts: readonly Fact[], setting?: string): Language[] {
  if (setting !== undefined && setting.trim()) return parseLanguages(setting);
  const counts = new Map<Language, number>();
  for (const f of facts) {
    const lang = languageOf(f.text);
    if (lang) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return KNOWN.filter((l) => l === 'en' || (counts.get(l) ?? 0) >= Math.max(MIN_FACTS, total * MIN_SHARE));
}

export function parseLanguages(setting: string): Language[] {
  const list = setting.split(/[\s,]+/).filter(Boolean).map((s) => s.toLowerCase());
  const bad = list.filter((l) => !(KNOWN as readonly string[]).includes(l));
  if (bad.length || !list.length) {
    throw new MemcueError('USAGE', `unknown language "${bad[0] ?? setting}" in the languages setting`, `give a comma-separated list of ${KNOWN.join(', ')}, e.g. en,ru`);
  }
  return KNOWN.filter((l) => list.includes(l));
}

/** The language a fact should be translated into, or undefined if the memory needs no translation of it. */
export function translationTarget(fact: Fact, languages: readonly Language[]): Language | undefined {
  const from = languageOf(fact.text);
  if (!from) return undefined;
  return languages.find((l) => l !== from);
}

/**
 * Russian stemmer: a hand translation of the current Snowball algorithm
 * (snowballstem/snowball algorithms/russian.sbl), which is what the reference
 * vocabulary in snowball-data is generated with.
 *
 * Input is a lowercase word. All endings are removed only inside RV, the part
 * of the word after its first vowel; Snowball expresses that as a backward
 * limit, here it is the `rv` argument to SuffixTable.longest.
 */
import { CharGroup, SuffixTable, afterVowelThenConsonant, replaceEnd } from './snowball-util.js';

const VOWELS = new CharGroup('аеиоуыэюя');
const YO = /ё/g;

/**
 * Endings in the first group are removed only after а or я (which stay),
 * e.g. "читавши" -> "чита"; endings in the second group are removed outright.
 */
type Removal = 'after-a-ya' | 'delete';

const PERFECTIVE_GERUND = new SuffixTable<Removal>([
  ['after-a-ya', ['в', 'вши', 'вшись']],
  ['delete', ['ив', 'ивши', 'ившись', 'ыв', 'ывши', 'ывшись']],
]);

const REFLEXIVE = new SuffixTable<Removal>([['delete', ['ся', 'сь']]]);

const ADJECTIVE = new SuffixTable<Removal>([
  ['delete', [
    'ее', 'ие', 'ые', 'ое', 'ими', 'ыми', 'ей', 'ий', 'ый', 'ой', 'ем', 'им', 'ым', 'ом',
    'его', 'ого', 'ему', 'ому', 'их', 'ых', 'ую', 'юю', 'ая', 'яя', 'ою', 'ею',
  ]],
]);

/** Participle endings that may precede an adjective ending (-вш-ий, -ющ-ий, ...). */
const PARTICIPLE = new SuffixTable<Removal>([
  ['after-a-ya', ['ем', 'нн', 'вш', 'ющ', 'щ']],
  ['delete', ['ивш', 'ывш', 'ующ']],
]);

const VERB = new SuffixTable<Removal>([
  ['after-a-ya', [
    'ла', 'на', 'ете', 'йте', 'ли', 'й', 'л', 'ем', 'н', 'ло', 'но', 'ет', 'ют', 'ны', 'ть', 'ешь', 'нно',
  ]],
  ['delete', [
    'ила', 'ыла', 'ена', 'ейте', 'уйте', 'ите', 'или', 'ыли', 'ей', 'уй', 'ил', 'ыл', 'им', 'ым', 'ен',
    'ило', 'ыло', 'ено', 'ят', 'ует', 'уют', 'ит', 'ыт', 'ены', 'ить', 'ыть', 'ишь', 'ую', 'ю',
  ]],
]);

const NOUN = new SuffixTable<Removal>([
  ['delete', [
    'а', 'ев', 'ов', 'ие', 'ье', 'е', 'иями', 'ями', 'ами', 'еи', 'ии', 'и', 'ией', 'ей', 'ой', 'ий', 'й',
    'иям', 'ям', 'ием', 'ем', 'ам', 'ом', 'о', 'у', 'ах', 'иях', 'ях', 'ы', 'ь', 'ию', 'ью', 'ю', 'ия',
    'ья', 'я',
  ]],
]);

const DERIVATIONAL = new SuffixTable<Removal>([['delete', ['ост', 'ость']]]);

type Tidy = 'superlative' | 'double-n' | 'soft-sign';
const TIDY_UP = new SuffixTable<Tidy>([
  ['superlative', ['ейш', 'ейше']],
  ['double-n', ['н']],
  ['soft-sign', ['ь']],
]);

export function stemRussian(word: string): string {
  return stem(word, false);
}

/**
 * The stem the word would have if it were read as a noun: only noun endings come off in step 1.
 * Snowball takes `-ит` in `коммит` and `-ой` in `деплой` for verb and adjective endings, so the
 * nominative (`комм`, `депл`) stems apart from every other case (`коммит`, `депло`); loanwords of
 * everyday development talk are nouns, and this second stem lets their forms find each other.
 */
export function stemRussianNoun(word: string): string {
  return stem(word, true);
}

function stem(word: string, nounOnly: boolean): string {
  // ё is written as е in most text; the algorithm folds it so both match.
  let w = word.includes('ё') ? word.replace(YO, 'е') : word;

  const firstVowel = firstIndexOf(w, VOWELS);
  const rv = firstVowel < 0 ? w.length : firstVowel + 1;
  const r2 = afterVowelThenConsonant(w, afterVowelThenConsonant(w, 0, VOWELS), VOWELS);

  // Step 1: one inflectional ending.
  const withoutGerund = nounOnly ? undefined : removeEnding(w, PERFECTIVE_GERUND, rv);
  if (nounOnly) {
    // A final й is the whole ending of a noun in -ой/-ей/-ай (`деплой`, `деплоя`, `деплоем`).
    w = w.endsWith('й') && w.length - 1 >= rv ? replaceEnd(w, 1) : (removeEnding(w, NOUN, rv) ?? w);
  } else if (withoutGerund !== undefined) {
    w = withoutGerund;
  } else {
    w = removeEnding(w, REFLEXIVE, rv) ?? w;
    const withoutAdjective = removeEnding(w, ADJECTIVE, rv);
    if (withoutAdjective !== undefined) {
      w = removeEnding(withoutAdjective, PARTICIPLE, rv) ?? withoutAdjective;
    } else {
      w = removeEnding(w, VERB, rv) ?? removeEnding(w, NOUN, rv) ?? w;
    }
  }

  // Step 2: a trailing и (noun ending -ию is taken as verb ending -ю above).
  if (w.length - 1 >= rv && w.endsWith('и')) w = replaceEnd(w, 1);

  // Step 3: derivational -ост(ь), only inside R2.
  const derivational = DERIVATIONAL.longest(w, rv);
  if (derivational && w.length - derivational.suffix.length >= r2) {
    w = replaceEnd(w, derivational.suffix.length);
  }

  // Step 4: superlative -ейш(е), double н, soft sign.
  return tidyUp(w, rv);
}

function firstIndexOf(w: string, group: CharGroup): number {
  for (let i = 0; i < w.length; i++) if (group.has(w.charCodeAt(i))) return i;
  return -1;
}

/** The word without its longest listed ending (inside RV), or undefined if none applies. */
function removeEnding(w: string, table: SuffixTable<Removal>, rv: number): string | undefined {
  const match = table.longest(w, rv);
  if (!match) return undefined;
  const start = w.length - match.suffix.length;
  if (match.value === 'after-a-ya') {
    const before = w[start - 1];
    if (start - 1 < rv || (before !== 'а' && before !== 'я')) return undefined;
  }
  return w.slice(0, start);
}

/** True if w ends in нн with both letters inside RV. */
function endsInDoubleN(w: string, rv: number): boolean {
  return w.length - 2 >= rv && w.endsWith('нн');
}

function tidyUp(w: string, rv: number): string {
  const match = TIDY_UP.longest(w, rv);
  if (!match) return w;
  switch (match.value) {
    case 'superlative': {
      const stem = replaceEnd(w, match.suffix.length);
      return endsInDoubleN(stem, rv) ? replaceEnd(stem, 1) : stem;
    }
    case 'double-n':
      return endsInDoubleN(w, rv) ? replaceEnd(w, 1) : w;
    case 'soft-sign':
      return replaceEnd(w, 1);
  }
}

// The other two kinds of dream work: facts to split (too long, or several statements in one) and
// facts without a translation (the index-only translation makes a Russian fact findable in English
// and back; seed 000: top-5 for English queries on Russian facts went from 22/30 to 30/30).

/** Longer than this, a fact is offered for splitting. */
export const SPLIT_LENGTH = 300;

/** Why a fact should be split, or undefined if it reads as one statement. */
export function splitReason(text: string): string | undefined {
  const length = [...text].length;
  if (length > SPLIT_LENGTH) return `${length} characters`;
  // A list is several statements; a sentence wrapped over two lines is not.
  const lines = text.split(/\n+/).filter((l) => /\p{L}/u.test(l));
  const items = lines.filter((l) => /^\s*(?:[-*+•]|\d+[.)])\s/.test(l)).length;
  if (items >= 2) return `${items} list items`;
  if (lines.length >= 3) return `${lines.length} lines`;
  // Three full sentences are several statements; two are often a fact and its remedy.
  const sentences = text.split(/(?<=[.!?])\s+(?=[\p{Lu}\d`"«(])/u).filter((s) => s.trim().split(/\s+/).length >= 3);
  if (sentences.length >= 3) return `${sentences.length} sentences`;
  return undefined;
}

export type Language = 'ru' | 'en';

/**
 * Which language a fact is written in, by counting its plain words (identifiers such as
 * `PKG_CONFIG_PATH` or `deploy-stg` and acronyms do not count), or undefined if it has no words to
 * translate.
 */
export function languageOf(text: string): Language | undefined {
  let russian = 0;
  let english = 0;
  for (const [word] of text.matchAll(/[\p{L}\p{N}_./-]+/gu)) {
    if (/^[\u0400-\u04ff]+$/.test(word)) russian++;
    else if (/^[a-z]+$/i.test(word) && !(word.length > 1 && word === word.toUpperCase())) english++;
  }
  if (russian === 0 && english === 0) return undefined;
  return russian >= english ? 'ru' : 'en';
}

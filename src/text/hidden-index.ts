// The index-only column ("translation" in the schema) holds two things a fact's reader never sees
// but a query can meet: the fact in the other language, and keywords — synonyms, broader terms and
// the words a question would use (issue 15: +4 points hit@5 on agent-written queries). Both are
// searched like the text; keeping them in one column keeps the schema, sync format and import as
// they are. The keywords follow the translation after a marker line.

const MARK = '[keywords] ';
/** A fact's keywords: enough to bridge a question's vocabulary, few enough not to drown its text. */
const MAX_KEYWORDS = 30;
const MAX_KEYWORD_LENGTH = 60;

export interface HiddenIndex {
  translation: string;
  keywords: string[];
}

export function readHidden(column: string): HiddenIndex {
  // The marker starts the column (no translation) or a line after the translation.
  const at = column.startsWith(MARK) ? 0 : column.indexOf(`\n${MARK}`) + 1;
  if (at <= 0 && !column.startsWith(MARK)) return { translation: column, keywords: [] };
  return { translation: column.slice(0, at).trim(), keywords: splitKeywords(column.slice(at + MARK.length)) };
}

export function writeHidden({ translation, keywords }: HiddenIndex): string {
  const words = normaliseKeywords(keywords);
  if (!words.length) return translation.trim();
  return translation.trim() ? `${translation.trim()}\n${MARK}${words.join(', ')}` : `${MARK}${words.join(', ')}`;
}

/** The column with its translation replaced and its keywords kept. */
export function withTranslation(column: string, translation: string): string {
  return writeHidden({ ...readHidden(column), translation });
}

/** The column with its keywords replaced and its translation kept. */
export function withKeywords(column: string, keywords: string[]): string {
  return writeHidden({ ...readHidden(column), keywords });
}

/** `"a, b; c"` → `["a", "b", "c"]`: how `--keywords` and the column spell a list. */
export function splitKeywords(text: string): string[] {
  return normaliseKeywords(text.split(/[,;\n]/));
}

/** Trimmed, one line each, no repeats (case-insensitive), at most MAX_KEYWORDS; throws on an overlong one. */
export function normaliseKeywords(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const word = raw.replace(/\s+/g, ' ').replace(/[,;]/g, ' ').trim();
    if (!word || seen.has(word.toLowerCase())) continue;
    if ([...word].length > MAX_KEYWORD_LENGTH) throw new Error(`keyword "${word.slice(0, 20)}…" is longer than ${MAX_KEYWORD_LENGTH} characters: give single words or short phrases`);
    seen.add(word.toLowerCase());
    out.push(word);
  }
  if (out.length > MAX_KEYWORDS) throw new Error(`${out.length} keywords: give at most ${MAX_KEYWORDS}`);
  return out;
}

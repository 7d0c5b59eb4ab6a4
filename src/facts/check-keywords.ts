// `add --keywords "a, b, c"` → the index-only column; a bad list is the user's error, said in one line.
import { MemcueError } from '../errors.js';
import { checkText } from './check-text.js';
import { splitKeywords, writeHidden } from '../text/hidden-index.js';

export function keywordsOption(option: string | undefined): string {
  if (option === undefined) return '';
  try {
    const keywords = splitKeywords(option);
    if (!keywords.length) return '';
    // Keywords are stored and synced like the text: the same checks (secrets, control characters).
    keywords.forEach((k) => checkText(k));
    return writeHidden({ translation: '', keywords });
  } catch (err) {
    if (err instanceof MemcueError) throw err;
    throw new MemcueError('USAGE', `--keywords: ${(err as Error).message}`, 'separate keywords with commas');
  }
}

// `migrate --raw` without a model: a note becomes one fact per paragraph (and per list item, since a
// list of ten points is ten statements). Headings, front matter and rules are structure, not facts.
import { MAX_TEXT } from '../facts/facts.js';
import { joinWithin } from './cut.js';

const FRONT_MATTER = /^---\n[\s\S]*?\n---(\n|$)/;
const HEADING = /^\s{0,3}#{1,6}(\s|$)/;
const BULLET = /^\s{0,3}(?:[-*+]|\d+[.)])\s+/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const FENCE = /^\s{0,3}(```|~~~)/;

export function paragraphs(note: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let fenced = false;
  const flush = () => {
    const text = current.join('\n').trim();
    current = [];
    if (/\p{L}/u.test(text)) out.push(...chunks(text, MAX_TEXT));
  };
  for (const line of note.replace(FRONT_MATTER, '').split('\n')) {
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced || FENCE.test(line)) {
      current.push(line);
      continue;
    }
    if (!line.trim() || HEADING.test(line) || RULE.test(line)) {
      flush();
      continue;
    }
    if (BULLET.test(line)) {
      flush();
      current.push(line.replace(BULLET, ''));
      continue;
    }
    current.push(line.trim());
  }
  flush();
  return out;
}

/** A paragraph over the fact limit is cut at sentence ends (or hard, when a sentence is that long). */
function chunks(text: string, limit: number): string[] {
  return [...text].length <= limit ? [text] : joinWithin(text.split(/(?<=[.!?])\s+/), ' ', limit);
}

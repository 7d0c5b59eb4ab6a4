// A note as the model (or --raw) gets it: the file's text without what only repeats other notes (the
// index lines of MEMORY.md that link to sibling notes) or is markup for tools (HTML comments), cut
// at paragraph boundaries into pieces small enough for one batch. Each piece is remembered by the
// hash of its content, so a rerun skips it and an edited note comes back.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { findSecret } from '../text/secrets.js';
import { joinWithin } from './cut.js';
import type { NoteFile } from './sources.js';

/** A bigger note is cut into pieces of at most this many characters. */
export const PIECE_LIMIT = 8_000;

export interface Note {
  /** Short id the answer refers to (the start of the hash). */
  id: string;
  hash: string;
  file: NoteFile;
  /** Path for people: `~` for the home folder, and `(part 2/3)` for a piece. */
  display: string;
  text: string;
}

export function readNotes(file: NoteFile, home: string): Note[] {
  const text = cleanNote(readFileSync(file.path, 'utf8'), file.path);
  if (!/\p{L}/u.test(text)) return [];
  const pieces = cutPieces(text, PIECE_LIMIT);
  const shown = displayPath(file.path, home);
  return pieces.map((piece, i) => {
    const hash = createHash('sha256').update(piece).digest('hex');
    return { id: hash.slice(0, 12), hash, file, display: pieces.length > 1 ? `${shown} (part ${i + 1}/${pieces.length})` : shown, text: piece };
  });
}

export function cleanNote(content: string, path: string): string {
  let text = content.replace(/\r\n?/g, '\n').replace(/<!--[\s\S]*?-->/g, '');
  if (basename(path) === 'MEMORY.md') {
    // Index lines that point at a sibling note only repeat that note.
    const folder = dirname(path);
    text = text
      .split('\n')
      .filter((line) => ![...line.matchAll(/\]\(([^)#\s]+\.md)\)/g)].some((m) => existsSync(join(folder, m[1]!))))
      .join('\n');
  }
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

/** Cuts at blank lines into pieces of at most `limit` characters. */
export function cutPieces(text: string, limit: number): string[] {
  return text.length <= limit ? [text] : joinWithin(text.split(/\n{2,}/), '\n\n', limit);
}

/** The model is shown no secrets: a line that looks like one is replaced by a marker. */
export function redactSecrets(text: string): string {
  return text
    .split('\n')
    .map((line) => (findSecret(line) ? '[memcue: a line that looks like a secret was left out]' : line))
    .join('\n');
}

export function displayPath(path: string, home: string): string {
  return home && path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

// Taking memcue's fenced lines out of Codex's config.toml without taking Codex's with them. Codex
// writes that file with toml_edit, which adds a new table after the last one and keeps the file's
// trailing comment last: with memcue's block at the end of the file, the tables Codex adds later
// (the trust it keeps for hooks under [hooks.state], its TUI state, a folder the user trusts) land
// between our lines and our end marker. So the block is taken apart table by table: memcue's own
// tables and keys go, everything else stays where it is.
import { findBlock, type Fence } from './blocks.js';
import { keyValue, tableHeader } from './toml-lines.js';

/** Which lines are memcue's: a key in a table (the table the block opens in, or one inside it). */
export type OwnKey = (table: string[], key: string[]) => boolean;

/** A line inside the block that stood for a line of the user's, put back as it was on removal. */
export const WAS = '# memcue: was ';

/**
 * The file without the block's memcue lines: its fence, `ownKey`'s keys, a table left with no keys
 * of another's, and `# memcue: was` lines turned back into the lines they kept.
 */
export function removeFenced(text: string, fence: Fence, ownKey: OwnKey): string {
  const found = findBlock(text, fence);
  if (!found) return text;
  let before = text.slice(0, found.start);
  const after = text.slice(found.stop);
  const lines = text.slice(found.start, found.stop).replace(/\n$/, '').split('\n').slice(1, -1);
  const kept = keptLines(lines, enclosingTable(before), ownKey);
  if (kept.length === 0) {
    // The blank line install put before the block goes with it (not after a table header).
    if (before.endsWith('\n\n') && !tableHeader(before.trimEnd().split('\n').pop() ?? '')) before = before.slice(0, -1);
    return before + after;
  }
  return `${before}${kept.join('\n')}\n${after}`;
}

/** The table lines at the block's start belong to: the last header before it. */
function enclosingTable(before: string): string[] {
  const header = before.split('\n').reverse().map(tableHeader).find(Boolean);
  return header ?? [];
}

function keptLines(lines: string[], opening: string[], ownKey: OwnKey): string[] {
  // Sections: the lines before the block's first header (in the opening table), then one per header.
  const sections: { header?: string; table: string[]; lines: string[] }[] = [{ table: opening, lines: [] }];
  for (const line of lines) {
    const table = tableHeader(line);
    if (table) sections.push({ header: line, table, lines: [] });
    else sections.at(-1)!.lines.push(line);
  }
  const out: string[] = [];
  for (const section of sections) {
    const theirs = section.lines.flatMap((line) => {
      if (line.startsWith(WAS)) return [line.slice(WAS.length)];
      const kv = keyValue(line);
      return kv && ownKey(section.table, kv.key) ? [] : [line];
    });
    const hasKeys = theirs.some((line) => keyValue(line) !== undefined);
    // A header of ours goes when nothing of another's is left under it.
    const ownTable = section.header !== undefined && section.lines.some((line) => keyValue(line) !== undefined) && !hasKeys;
    if (section.header !== undefined && !ownTable) out.push(section.header);
    if (section.header === undefined || !ownTable) out.push(...theirs);
  }
  // Blank lines at the edges were ours (the block's own layout).
  while (out.length && out[0]!.trim() === '') out.shift();
  while (out.length && out.at(-1)!.trim() === '') out.pop();
  return out;
}

// Text we own inside someone else's file, between two marker lines (AGENTS.md, cordis.patch.yml),
// and whole files we own (plugin files).
import type { Target } from './engine.js';

export interface Fence {
  begin: string;
  end: string;
}

export const MARKDOWN_FENCE: Fence = {
  begin: '<!-- memcue:begin (written by `memcue install`; `memcue uninstall` removes it) -->',
  end: '<!-- memcue:end -->',
};

export const YAML_FENCE: Fence = {
  begin: '# memcue:begin (written by `memcue install`; `memcue uninstall` removes it)',
  end: '# memcue:end',
};

/** Where the block is: from its begin line to the end of its end line; undefined when absent. */
export function findBlock(text: string, fence: Fence): { start: number; stop: number } | undefined {
  const start = text.indexOf(fence.begin);
  if (start === -1) return undefined;
  const endAt = text.indexOf(fence.end, start);
  if (endAt === -1) return undefined;
  const lineEnd = text.indexOf('\n', endAt);
  return { start, stop: lineEnd === -1 ? text.length : lineEnd + 1 };
}

/** Adds `body` between the fence lines at the end of the file (a blank line before it), or
 * refreshes an existing block in place. `check` may refuse a file it cannot safely extend. */
export function blockTarget(path: string, label: string, fence: Fence, body: string, check?: (current: string) => void): Target {
  const block = fencedBlock(fence, body);
  return {
    path,
    label,
    has: (current) => current !== null && findBlock(current, fence) !== undefined,
    add(current) {
      const text = current ?? '';
      const found = findBlock(text, fence);
      if (found) return text.slice(0, found.start) + block + text.slice(found.stop);
      check?.(text);
      if (text === '') return block;
      return `${text}${text.endsWith('\n') ? '' : '\n'}\n${block}`;
    },
    remove(current) {
      const found = findBlock(current, fence);
      if (!found) return current;
      let before = current.slice(0, found.start);
      const after = current.slice(found.stop);
      if (before.endsWith('\n\n')) before = before.slice(0, -1); // the blank line we put before the block
      const rest = before + after;
      return rest.trim() === '' ? null : rest;
    },
  };
}

/** `body` between the fence lines. */
export function fencedBlock(fence: Fence, body: string): string {
  return `${fence.begin}\n${body.endsWith('\n') ? body : `${body}\n`}${fence.end}\n`;
}

/** A file that is entirely ours (a plugin file); `marker` is a string only our version contains. */
export function ownedFileTarget(path: string, label: string, content: string, marker: string): Target {
  return {
    path,
    label,
    has: (current) => current !== null && current.includes(marker),
    add: () => content,
    remove: () => null,
  };
}

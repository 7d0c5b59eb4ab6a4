// `memory.provider: memcue` in Hermes' config.yaml, keeping the rest of the file as it is. We have no
// YAML library (and want none for one key), so this edits lines: it understands the block style
// Hermes writes (`memory:` at column 0, its keys indented under it) and refuses anything else rather
// than guess. The line it changes carries a comment saying so and what the value was before.
import { MemcueError } from '../errors.js';
import { findBlock, YAML_FENCE } from './blocks.js';
import type { Target } from './engine.js';

const MARK = '# set by memcue install hermes';
const MEMORY_LINE = /^memory:[ \t]*(#.*)?$/;
const OUR_LINE = new RegExp(`^([ \\t]+)provider:.*${escape(MARK)}(?: \\(was: (.*)\\))?[ \\t]*$`);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function hermesProviderTarget(path: string): Target {
  return {
    path,
    label: 'memory.provider: memcue',
    has: (current) => current !== null && (current.includes(YAML_FENCE.begin) || current.split('\n').some((l) => OUR_LINE.test(l))),
    add(current) {
      const text = current ?? '';
      const lines = text.split('\n');
      const memoryAt = lines.findIndex((l) => MEMORY_LINE.test(l));
      if (memoryAt === -1) {
        if (lines.some((l) => /^memory\s*:/.test(l))) {
          throw new MemcueError(
            'BAD_INPUT',
            `${path}: "memory:" is not written in block style; nothing was changed`,
            'set memory.provider: memcue by hand',
          );
        }
        const block = `${YAML_FENCE.begin}\nmemory:\n  provider: memcue\n${YAML_FENCE.end}\n`;
        return text === '' ? block : `${text}${text.endsWith('\n') ? '' : '\n'}${block}`;
      }
      const { indent, providerAt } = memorySection(lines, memoryAt);
      if (providerAt === undefined) {
        lines.splice(memoryAt + 1, 0, `${indent}provider: memcue ${MARK}`);
        return lines.join('\n');
      }
      const line = lines[providerAt]!;
      const value = line.replace(/^\s*provider:\s*/, '').replace(/\s+#.*$/, '').trim();
      if (value.replace(/^["']|["']$/g, '') === 'memcue') return text;
      lines[providerAt] = `${indent}provider: memcue ${MARK} (was: ${value})`;
      return lines.join('\n');
    },
    remove(current) {
      const block = findBlock(current, YAML_FENCE);
      if (block) {
        const rest = current.slice(0, block.start) + current.slice(block.stop);
        return rest.trim() === '' ? null : rest;
      }
      const lines: string[] = [];
      for (const line of current.split('\n')) {
        const ours = OUR_LINE.exec(line);
        if (!ours) lines.push(line);
        else if (ours[2] !== undefined) lines.push(`${ours[1]}provider: ${ours[2]}`);
      }
      return lines.join('\n');
    },
  };
}

/** The indentation of `memory:`'s keys and the line of its `provider:` key, if any. */
function memorySection(lines: string[], memoryAt: number): { indent: string; providerAt?: number } {
  let indent: string | undefined;
  let providerAt: number | undefined;
  for (let i = memoryAt + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || /^\s*#/.test(line)) continue;
    const own = /^([ \t]+)\S/.exec(line)?.[1];
    if (own === undefined) break; // back at column 0: the section ended
    indent ??= own;
    if (own === indent && /^\s*provider\s*:/.test(line)) providerAt = i;
  }
  return { indent: indent ?? '  ', providerAt };
}

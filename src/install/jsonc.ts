// JSON with comments and trailing commas (JSONC), as Gemini CLI and OpenCode read their settings,
// parsed with the position of every value, so that an install changes only the values it changes:
// the user's comments, blank lines, one-line objects and key order stay byte for byte.
//   parseJsonc(text)         the value (comments and trailing commas allowed)
//   editJsonc(text, next)    text turned into `next` by the smallest edits this module can make

interface Span {
  start: number;
  end: number;
}
type Node =
  | (Span & { kind: 'object'; members: (Span & { key: string; value: Node })[] })
  | (Span & { kind: 'array'; members: (Span & { value: Node })[] })
  | (Span & { kind: 'scalar'; value: unknown });

export class JsoncError extends Error {}

export function parseJsonc(text: string): unknown {
  return valueOf(parseTree(text));
}


function parseTree(text: string): Node {
  let at = 0;
  const fail = (what: string): never => {
    const line = text.slice(0, at).split('\n').length;
    throw new JsoncError(`${what} at line ${line}`);
  };
  const skip = () => {
    for (;;) {
      while (at < text.length && /\s/.test(text[at]!)) at++;
      if (text.startsWith('//', at)) {
        const end = text.indexOf('\n', at);
        at = end < 0 ? text.length : end;
      } else if (text.startsWith('/*', at)) {
        const end = text.indexOf('*/', at + 2);
        if (end < 0) fail('an unclosed comment');
        at = end + 2;
      } else return;
    }
  };
  const string = (): string => {
    const found = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(at));
    if (!found) fail('a bad string');
    at += found![0].length;
    return JSON.parse(found![0]) as string;
  };
  const value = (): Node => {
    skip();
    const start = at;
    const c = text[at];
    if (c === '{' || c === '[') {
      at++;
      const close = c === '{' ? '}' : ']';
      const members: (Span & { key?: string; value: Node })[] = [];
      for (;;) {
        skip();
        if (text[at] === close) break;
        const memberStart = at;
        let key: string | undefined;
        if (c === '{') {
          if (text[at] !== '"') fail('a key expected');
          key = string();
          skip();
          if (text[at] !== ':') fail('":" expected');
          at++;
        }
        const child = value();
        members.push({ start: memberStart, end: child.end, key, value: child });
        skip();
        if (text[at] === ',') at++;
        else if (text[at] !== close) fail(`"," or "${close}" expected`);
      }
      at++;
      return c === '{'
        ? { kind: 'object', start, end: at, members: members as (Span & { key: string; value: Node })[] }
        : { kind: 'array', start, end: at, members };
    }
    if (c === '"') return { kind: 'scalar', start, value: string(), end: at };
    const found = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at));
    if (!found) fail(at >= text.length ? 'an unexpected end' : 'an unexpected character');
    at += found![0].length;
    return { kind: 'scalar', start, end: at, value: JSON.parse(found![0]) };
  };
  const root = value();
  skip();
  if (at < text.length) fail('text after the end');
  return root;
}

function valueOf(node: Node): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'array') return node.members.map((m) => valueOf(m.value));
  const object: Record<string, unknown> = {};
  for (const m of node.members) object[m.key] = valueOf(m.value);
  return object;
}

interface Edit extends Span {
  insert: string;
}

/** `text` with its value changed into `next`; everything not changed keeps its bytes. */
export function editJsonc(text: string, next: unknown): string {
  const edits: Edit[] = [];
  const unit = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  const indentAt = (pos: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', pos - 1) + 1))![0];
  const format = (value: unknown, indent: string, inline: boolean) =>
    inline ? JSON.stringify(value) : JSON.stringify(value, null, unit).replace(/\n/g, `\n${indent}`);
  const oneLine = (node: Span) => !text.slice(node.start, node.end).includes('\n');

  /**
   * Removes the members `gone` with their commas and, where a member had lines of its own, those
   * lines. Removed members at the end with no trailing comma go in one edit, from the comma after the
   * last member kept (edits must not overlap).
   */
  const removeMembers = (members: Span[], gone: Set<number>, close: number) => {
    let tail = members.length;
    while (tail > 0 && gone.has(tail - 1)) tail--;
    const trailing = members.length > 0 && nextComma(text, members[members.length - 1]!.end, close) >= 0;
    for (const i of gone) {
      if (i >= tail && !trailing) continue;
      const m = members[i]!;
      let start = m.start;
      let end = nextComma(text, m.end, close) + 1;
      const lineStart = text.lastIndexOf('\n', start - 1) + 1;
      const eol = text.indexOf('\n', end);
      if (/^[ \t]*$/.test(text.slice(lineStart, start)) && eol >= 0 && /^[ \t]*$/.test(text.slice(end, eol))) {
        start = lineStart;
        end = eol + 1;
      } else while (text[end] === ' ') end++;
      edits.push({ start, end, insert: '' });
    }
    if (tail < members.length && !trailing) {
      const last = members[members.length - 1]!;
      const start = tail > 0 ? nextComma(text, members[tail - 1]!.end, members[tail]!.start) : members[0]!.start;
      edits.push({ start, end: last.end, insert: '' });
    }
  };

  /** Adds `member` after the last one (or into an empty container). */
  const append = (node: Node & { members: Span[] }, member: (indent: string, inline: boolean) => string) => {
    const close = node.end - 1;
    const last = node.members[node.members.length - 1];
    // A one-line object stays one line; an empty file object (`{}`) has no layout to keep.
    if (oneLine(node) && !(node.start === rootStart && !last)) {
      const inner = text.slice(node.start + 1, close);
      const pad = /^\s/.test(inner) ? ' ' : '';
      if (!last) edits.push({ start: node.start + 1, end: close, insert: `${pad}${member('', true)}${pad}` });
      else edits.push({ start: last.end, end: last.end, insert: `, ${member('', true)}` });
      return;
    }
    if (!last) {
      const outer = indentAt(node.start);
      edits.push({ start: node.start + 1, end: close, insert: `\n${outer}${unit}${member(outer + unit, false)}\n${outer}` });
      return;
    }
    const indent = indentAt(last.start);
    const trailing = nextComma(text, last.end, close);
    // The new member goes after whatever ends the last one's line (a comment stays with its value).
    const eol = text.indexOf('\n', last.end);
    const at = eol >= 0 && eol < close && /^[ \t]*(,[ \t]*)?(\/\/.*|\/\*.*\*\/[ \t]*)?$/.test(text.slice(last.end, eol)) ? eol : (trailing >= 0 ? trailing + 1 : last.end);
    if (trailing < 0) edits.push({ start: last.end, end: last.end, insert: ',' });
    edits.push({ start: at, end: at, insert: `\n${indent}${member(indent, false)}${trailing >= 0 ? ',' : ''}` });
  };

  const diff = (node: Node, want: unknown): void => {
    if (same(valueOf(node), want)) return;
    if (node.kind === 'object' && isObject(want)) {
      const gone = new Set<number>();
      node.members.forEach((m, i) => (m.key in want ? diff(m.value, want[m.key]) : gone.add(i)));
      removeMembers(node.members, gone, node.end - 1);
      const have = new Set(node.members.map((m) => m.key));
      for (const [key, value] of Object.entries(want)) {
        if (!have.has(key)) append(node, (indent, inline) => `${JSON.stringify(key)}: ${format(value, indent, inline)}`);
      }
      return;
    }
    if (node.kind === 'array' && Array.isArray(want)) {
      const old = node.members.map((m) => valueOf(m.value));
      const kept = keptIndices(old, want);
      if (kept) {
        removeMembers(node.members, new Set(old.map((_v, i) => i).filter((i) => !kept.includes(i))), node.end - 1);
        return;
      }
      if (want.length >= old.length && old.every((v, i) => same(v, want[i]))) {
        for (const value of want.slice(old.length)) append(node, (indent, inline) => format(value, indent, inline));
        return;
      }
      if (want.length === old.length) {
        node.members.forEach((m, i) => diff(m.value, want[i]));
        return;
      }
    }
    edits.push({ start: node.start, end: node.end, insert: format(want, indentAt(node.start), oneLine(node)) });
  };

  const root = parseTree(text);
  const rootStart = root.start;
  diff(root, next);
  let out = text;
  // From the end backwards; of two edits at one place the one made first ends up first.
  const order = edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.start - a.start || b.i - a.i);
  for (const e of order) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return out;
}

/** The position of the "," after `from` (past spaces and comments), or -1 when the next token is not one. */
function nextComma(text: string, from: number, limit: number): number {
  const rest = text.slice(from, limit).replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (c) => ' '.repeat(c.length));
  const found = /^\s*,/.exec(rest);
  return found ? from + found[0].length - 1 : -1;
}

/** When `want` is `old` with some items taken out (order kept), the indices of `old` kept; else undefined. */
function keptIndices(old: unknown[], want: unknown[]): number[] | undefined {
  if (want.length >= old.length) return undefined;
  const kept: number[] = [];
  let j = 0;
  old.forEach((v, i) => {
    if (j < want.length && same(v, want[j])) {
      kept.push(i);
      j++;
    }
  });
  return j === want.length ? kept : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

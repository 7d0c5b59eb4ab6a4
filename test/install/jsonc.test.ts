// The JSONC editor: values read through comments and trailing commas, and an edit that changes only
// what changed (comments, blank lines, one-line objects and key order keep their bytes).
import { describe, expect, it } from 'vitest';
import { editJsonc, parseJsonc } from '../../src/install/jsonc.js';

const COMMENTED = `{
  // my theme
  "ui": { "theme": "dark" }, /* one line, kept so */
  "tools": [
    "a", // first
    "b",
  ],
}
`;

describe('parseJsonc', () => {
  it('reads comments and trailing commas, keeps strings with // and /* inside', () => {
    expect(parseJsonc(COMMENTED)).toEqual({ ui: { theme: 'dark' }, tools: ['a', 'b'] });
    expect(parseJsonc('{"url": "http://x/*y*/", "n": -1.5e3}')).toEqual({ url: 'http://x/*y*/', n: -1500 });
  });

  it.each(['{"a": }', '{"a": 1', '{a: 1}', '{"a": 1} x', '{"a": "\n"}', '/* open'])('refuses %j with the line', (text) => {
    expect(() => parseJsonc(text)).toThrow(/at line \d+/);
  });
});

describe('editJsonc', () => {
  it('adds a key at the end of a commented object, after the trailing comma, and keeps every other byte', () => {
    const next = editJsonc(COMMENTED, { ui: { theme: 'dark' }, tools: ['a', 'b'], mcpServers: { memcue: { command: 'm', args: ['mcp'] } } });
    expect(next).toBe(`{
  // my theme
  "ui": { "theme": "dark" }, /* one line, kept so */
  "tools": [
    "a", // first
    "b",
  ],
  "mcpServers": {
    "memcue": {
      "command": "m",
      "args": [
        "mcp"
      ]
    }
  },
}
`);
    expect(editJsonc(next, parseJsonc(COMMENTED))).toBe(COMMENTED);
  });

  it('a comment after the last value stays on its line; a one-line object stays one line', () => {
    const text = '{\n    "a": 1 // why a\n}\n';
    expect(editJsonc(text, { a: 1, b: true })).toBe('{\n    "a": 1, // why a\n    "b": true\n}\n');
    expect(editJsonc('{ "x": { "y": 1 } }', { x: { y: 1, z: 2 } })).toBe('{ "x": { "y": 1, "z": 2 } }');
    expect(editJsonc('{}\n', { a: { b: 1 } })).toBe('{\n  "a": {\n    "b": 1\n  }\n}\n'); // an empty file object: no layout to keep
    expect(editJsonc('{ "x": {} }', { x: { a: 1 } })).toBe('{ "x": {"a": 1} }');
  });

  it('appends to and removes from a list, changes a value in place', () => {
    const text = '{\n  "hooks": [\n    {"c": "other"}\n  ],\n  "n": 1\n}';
    const added = editJsonc(text, { hooks: [{ c: 'other' }, { c: 'ours' }], n: 1 });
    expect(added).toBe('{\n  "hooks": [\n    {"c": "other"},\n    {\n      "c": "ours"\n    }\n  ],\n  "n": 1\n}');
    expect(editJsonc(added, { hooks: [{ c: 'other' }], n: 1 })).toBe(text);
    expect(editJsonc(text, { hooks: [{ c: 'other' }], n: 2 })).toBe(text.replace('"n": 1', '"n": 2'));
  });

  it('removes a first, middle or only member with its line', () => {
    const text = '{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}';
    expect(editJsonc(text, { b: 2, c: 3 })).toBe('{\n  "b": 2,\n  "c": 3\n}');
    expect(editJsonc(text, { a: 1, c: 3 })).toBe('{\n  "a": 1,\n  "c": 3\n}');
    expect(editJsonc(text, { a: 1, b: 2 })).toBe('{\n  "a": 1,\n  "b": 2\n}');
    expect(parseJsonc(editJsonc('{"only": {"x": 1}}', {}))).toEqual({});
  });

  it('removes several members at once, the last ones included (one edit for the tail)', () => {
    const cases: [string, unknown, string][] = [
      ['{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}', { a: 1 }, '{\n  "a": 1\n}'],
      ['{"a": 1, "b": 2, "c": 3}', { a: 1 }, '{"a": 1}'],
      ['{"a": 1, "b": 2, "c": 3}', { c: 3 }, '{"c": 3}'],
      ['{\n  "a": 1,\n  "b": 2,\n  "c": 3,\n}', { b: 2 }, '{\n  "b": 2,\n}'],
      ['[1,2,3,4]', [1, 4], '[1,4]'],
      ['{"x": [1, 2, 3]}', { x: [] }, '{"x": []}'],
    ];
    for (const [text, want, out] of cases) expect(editJsonc(text, want), text).toBe(out);
  });

  it('every edit of these files reads back as the value asked for, and the way back too', () => {
    const docs = [
      '{"a":1,"b":[1,2,3],"c":{"d":"x"}}',
      '{\n  "a": 1, // one\n  /* two */ "b": [\n    1,\n    2,\n  ],\n  "c": { "d": "/* not a comment */" },\n}\n',
      '{\n\t"hooks": {\n\t\t"SessionStart": [\n\t\t\t{"hooks": [{"command": "x"}]}\n\t\t]\n\t}\n}',
      '// head\n{ "k": "v\\"}" }\n',
      '{\n  "e": {},\n  "f": []\n}\n',
    ];
    type Value = Record<string, unknown>;
    const copy = (v: Value): Value => JSON.parse(JSON.stringify(v));
    const edits: ((v: Value) => Value)[] = [
      (v) => ({ ...v, z: { y: [1, { q: 'w' }] } }),
      (v) => Object.fromEntries(Object.entries(v).slice(1)),
      (v) => Object.fromEntries(Object.entries(copy(v)).map(([k, x]) => [k, Array.isArray(x) ? [...x, 'new'] : x])),
      (v) => Object.fromEntries(Object.entries(copy(v)).map(([k, x]) => [k, Array.isArray(x) ? x.slice(1) : x])),
      (v) => Object.fromEntries(Object.entries(copy(v)).map(([k, x]) => [k, x && typeof x === 'object' && !Array.isArray(x) ? { ...x, added: true } : x])),
    ];
    for (const doc of docs) {
      for (const edit of edits) {
        const before = parseJsonc(doc) as Value;
        const out = editJsonc(doc, edit(before));
        expect(parseJsonc(out), out).toEqual(edit(before));
        expect(parseJsonc(editJsonc(out, before))).toEqual(before);
      }
    }
  });
});

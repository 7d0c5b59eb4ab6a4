// Just enough TOML to read and extend Codex's config.toml line by line, so every comment and the
// user's layout stay as they are: table headers, `key = value` lines with one-line values, and
// basic or literal strings. Anything fancier (multi-line arrays, inline tables) is reported as
// "not this simple shape" and the caller says so instead of guessing.

/** `[a."b c".d]` → ['a', 'b c', 'd']; undefined for other lines (and for `[[array tables]]`). */
export function tableHeader(line: string): string[] | undefined {
  const found = /^\s*\[(?!\[)(.*)\]\s*(#.*)?$/.exec(line);
  return found ? splitKey(found[1]!) : undefined;
}

/** A dotted key, its parts unquoted: `projects."/src/app"` → ['projects', '/src/app']. */
export function splitKey(key: string): string[] | undefined {
  const parts = scan(key, /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y)?.map((m) => unquoted(m) ?? m[3]!);
  return parts?.length ? parts : undefined;
}

/** `key = value  # comment` → the key's parts and the raw value; undefined for other lines. */
export function keyValue(line: string): { key: string[]; value: string } | undefined {
  if (/^\s*(#|\[|$)/.test(line)) return undefined;
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '=') {
      const key = splitKey(line.slice(0, i).trim());
      return key ? { key, value: line.slice(i + 1).trim() } : undefined;
    }
  }
  return undefined;
}

/** A one-line string value (basic or literal); undefined for anything else. */
export function stringValue(raw: string): string | undefined {
  const found = /^(?:"((?:[^"\\]|\\.)*)"|'([^']*)')\s*(#.*)?$/.exec(raw);
  return found ? unquoted(found) : undefined;
}

/** A one-line array of strings; undefined for anything else (a multi-line array, numbers, …). */
export function stringArray(raw: string): string[] | undefined {
  const found = /^\[(.*)\]\s*(#.*)?$/.exec(raw);
  if (!found) return undefined;
  const body = found[1]!.trim().replace(/,\s*$/, '');
  return scan(body, /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')\s*(,|$)/y)?.map((m) => unquoted(m)!);
}

/** Every match of the sticky `item` from the start of `text` to its end; undefined when a stretch matches none. */
function scan(text: string, item: RegExp): RegExpExecArray[] | undefined {
  const found: RegExpExecArray[] = [];
  for (let at = 0; at < text.length; at = item.lastIndex) {
    item.lastIndex = at;
    const m = item.exec(text);
    if (!m) return undefined;
    found.push(m);
  }
  return found;
}

/** The string of a match whose group 1 is a basic string's body and group 2 a literal string's. */
function unquoted(m: RegExpExecArray): string | undefined {
  return m[1] !== undefined ? unescape(m[1]) : m[2];
}

/** A TOML basic string; JSON's escapes are TOML's for everything a path or command holds. */
export function tomlString(text: string): string {
  return JSON.stringify(text);
}

function unescape(body: string): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body;
  }
}

export interface TomlEntry {
  /** The table the line is in ([] before the first header). */
  table: string[];
  key: string[];
  value: string;
  line: number;
}

/** Every `key = value` line with the table it belongs to; continuation lines are skipped. */
export function entries(text: string): TomlEntry[] {
  const out: TomlEntry[] = [];
  let table: string[] = [];
  text.split('\n').forEach((line, index) => {
    const header = tableHeader(line);
    if (header) table = header;
    else if (/^\s*\[\[/.test(line)) table = ['[['];
    else {
      const kv = keyValue(line);
      if (kv) out.push({ table, key: kv.key, value: kv.value, line: index });
    }
  });
  return out;
}

/** The value at a full dotted path (table + key), whichever way the file spells it. */
export function valueAt(text: string, path: string[]): string | undefined {
  const want = JSON.stringify(path);
  return entries(text).find((e) => JSON.stringify([...e.table, ...e.key]) === want)?.value;
}

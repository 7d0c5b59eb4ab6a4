/**
 * Small building blocks shared by the hand-written Snowball stemmers.
 *
 * Snowball's backward-mode `[substring] among (...)` always picks the LONGEST
 * listed suffix that ends the word and only then runs that entry's action; if
 * the action fails the whole step fails (it never falls back to a shorter
 * entry). SuffixTable reproduces exactly that lookup, without allocating.
 */

/** A set of characters (Snowball "grouping"), tested by char code. */
export class CharGroup {
  private readonly members: Uint8Array;

  constructor(chars: string) {
    let maxCode = 0;
    for (let i = 0; i < chars.length; i++) maxCode = Math.max(maxCode, chars.charCodeAt(i));
    // A flat lookup table: the groups are tiny and the codes are below U+0450.
    this.members = new Uint8Array(maxCode + 1);
    for (let i = 0; i < chars.length; i++) this.members[chars.charCodeAt(i)] = 1;
  }

  has(code: number): boolean {
    return code < this.members.length && this.members[code] === 1;
  }

  /** Does `word` have a member of this group anywhere in [from, to)? */
  anyIn(word: string, from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (this.has(word.charCodeAt(i))) return true;
    return false;
  }
}

/**
 * Snowball's `gopast v gopast non-v` starting at `from`: the index just after
 * the first non-vowel that follows a vowel, or word.length if there is none
 * (regions that cannot be found are empty, i.e. start at the end).
 */
export function afterVowelThenConsonant(word: string, from: number, vowels: CharGroup): number {
  let i = from;
  while (i < word.length && !vowels.has(word.charCodeAt(i))) i++;
  i++; // step past the vowel
  while (i < word.length && vowels.has(word.charCodeAt(i))) i++;
  return i < word.length ? i + 1 : word.length;
}

export interface SuffixEntry<V> {
  readonly suffix: string;
  readonly value: V;
}

interface TrieNode<V> {
  readonly children: Map<number, TrieNode<V>>;
  entry?: SuffixEntry<V>;
}

/**
 * Suffix list of one `among`, stored as a trie over the reversed suffixes, built on first use: a
 * search stems a few words of one language, and building both stemmers' tries at load cost a cold
 * search ~1 ms in the interpreter.
 */
export class SuffixTable<V> {
  private trie: TrieNode<V> | undefined;

  /** `groups` mirrors the .sbl source: each value applies to a list of suffixes. */
  constructor(private readonly groups: ReadonlyArray<readonly [V, readonly string[]]>) {}

  private get root(): TrieNode<V> {
    if (this.trie) return this.trie;
    this.trie = { children: new Map() };
    for (const [value, suffixes] of this.groups) {
      for (const suffix of suffixes) this.add(this.trie, suffix, value);
    }
    return this.trie;
  }

  private add(root: TrieNode<V>, suffix: string, value: V): void {
    let node = root;
    for (let i = suffix.length - 1; i >= 0; i--) {
      const code = suffix.charCodeAt(i);
      let child = node.children.get(code);
      if (!child) {
        child = { children: new Map() };
        node.children.set(code, child);
      }
      node = child;
    }
    if (node.entry) throw new Error(`duplicate suffix in table: ${suffix}`);
    node.entry = { suffix, value };
  }

  /**
   * The longest listed suffix of `word` that starts at or after `limit`
   * (Snowball's backward limit, e.g. the Russian RV region), or undefined.
   */
  longest(word: string, limit = 0): SuffixEntry<V> | undefined {
    let node: TrieNode<V> | undefined = this.root;
    let best: SuffixEntry<V> | undefined;
    for (let i = word.length - 1; i >= limit; i--) {
      node = node.children.get(word.charCodeAt(i));
      if (!node) break;
      if (node.entry) best = node.entry;
    }
    return best;
  }
}

/** `word` with its last `length` characters replaced by `replacement`. */
export function replaceEnd(word: string, length: number, replacement = ''): string {
  return word.slice(0, word.length - length) + replacement;
}

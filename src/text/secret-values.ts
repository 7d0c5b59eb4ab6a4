/**
 * Is a value a literal credential, or prose, a reference, a placeholder, a type, an identifier?
 * The judgement behind every "name = value" rule and the bare random-string rule: the patterns in
 * secrets.ts find where a credential could be, these functions decide whether one is.
 */

export interface ValueContext {
  /** The value was written as a quoted literal (never a type or an expression). */
  quoted: boolean;
  /** The name is a password, so even a plain word is one. */
  strongKey: boolean;
  /** A bare value is followed by another word: `password: stored in vault`. */
  followedByWord: boolean;
}

/** Values that fill a credential slot without being one: types, flags, placeholders. */
const NON_SECRET_WORDS = new Set([
  'string', 'str', 'text', 'number', 'int', 'integer', 'bool', 'boolean', 'bytes', 'buffer', 'any',
  'unknown', 'object', 'null', 'nil', 'none', 'undefined', 'true', 'false', 'yes', 'no', 'required',
  'optional', 'empty', 'redacted', 'hidden', 'masked', 'omitted', 'changeme', 'change_me', 'example',
  'placeholder', 'password', 'passwd', 'secret', 'token', 'default', 'env', 'todo', 'tbd', 'n/a',
  'secretstr', 'secretstring', 'pass', 'user', 'username', 'xxxx', 'xxxxx', 'xxxxxx', 'xxxxxxxx',
  'mypassword', 'yourpassword', 'your_password', 'your-password', 'password123', 'secret123',
]);

const MASKED = /\*{3,}|\.{3,}|…|•|^x{4,}$|^(?:xxx+|XXX+)[-_]?/;
/** `$VAR`, `%VAR%`, `<token>`, `{{ .Values.x }}`, `${{ secrets.X }}`, YAML tags (`!vault`, `!Ref Db`). */
const PLACEHOLDER_START = /^(?:\$|%[A-Za-z_]|<|\{\{|\[\[|@@|\{[A-Za-z_]|![A-Za-z])/;
const ENV_VAR_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** `process.env.X`, `config.db.password`, `getenv(...)`, `os.environ["X"]`. */
const CODE_EXPRESSION = /[()]|^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$|^[A-Za-z_$][\w$.]*\[/;
/** `pwd: /srv/app` is a working directory, not a password. */
const PATH_LIKE = /^(?:~|\.{1,2})?\//;
/** CamelCase words (`SessionToken`, `Float64Array`, `1Password`): a type or product name. */
const CAMEL_WORDS = /^(?:[A-Z][a-z]+)+$/;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;
const NON_ASCII_OR_SPACE = /[^\x21-\x7e]/;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>'"`]+$/;
const FILE_NAME = /\.(?:pub|pem|crt|key|json|ya?ml|toml|ini|conf|env|txt|md|gpg|asc)$/i;
/** Public by design: SSH and age public keys, IPFS content ids, Stripe publishable keys. */
const PUBLIC_VALUE = /^(?:AAAA[A-Z0-9]3Nza|age1[02-9ac-hj-np-z]{58}$|Qm[1-9A-HJ-NP-Za-km-z]{44}$|pk_(?:live|test)_)/;
/** Keys and tokens are written in a base64/hex alphabet; `user:{id}:v2` or `a b` are not one. */
const TOKEN_ALPHABET = /^[A-Za-z0-9+/=_.~-]+$/;
/** Runs that read as words: `user`, `Profile`, `cache`. */
const WORD_RUN = /[A-Z]?[a-z]{3,}|[A-Z]{4,}(?![a-z])/g;

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** The share of characters in word-like runs: high for identifiers and prose, low for random strings. */
export function wordShare(value: string): number {
  let covered = 0;
  for (const m of value.matchAll(WORD_RUN)) if (/[aeiouy]/i.test(m[0])) covered += m[0].length;
  return covered / value.length;
}

/** `uploads/2026/12/invoice.pdf`: segments that are numbers or words (random base64 has neither). */
function isPath(value: string): boolean {
  if (PATH_LIKE.test(value) || FILE_NAME.test(value)) return true;
  const segments = value.split('/');
  return segments.length > 1 && segments.filter((s) => /^\d+$/.test(s) || (s.length >= 3 && wordShare(s) >= 0.7)).length >= 2;
}

/** Random-looking: letters and digits mixed, no words, and close to the entropy a random string has. */
export function looksRandom(value: string, minLength = 16): boolean {
  if (value.length < minLength || !TOKEN_ALPHABET.test(value) || !/\d/.test(value) || !/[A-Za-z]/.test(value)) return false;
  if (/^(\d+|[a-z]+|[A-Z]+)[-_.]?(\d+|[a-z]+|[A-Z]+)$/.test(value)) return false; // `v2024`, `build_1234`
  if (wordShare(value) > 0.6 || isPath(value) || PUBLIC_VALUE.test(value)) return false;
  return entropy(value) >= Math.min(3.6, Math.log2(value.length) - 0.9);
}

/** Is this assigned value a literal credential rather than prose, a reference or a placeholder? */
export function isCredentialLike(raw: string, ctx: ValueContext): boolean {
  const value = ctx.quoted ? raw.trim() : raw.replace(TRAILING_PUNCTUATION, '');
  if (value === '' || NON_ASCII_OR_SPACE.test(value)) return false;
  if (MASKED.test(value) || PLACEHOLDER_START.test(value) || ENV_VAR_NAME.test(value)) return false;
  if (URL_LIKE.test(value) || NON_SECRET_WORDS.has(value.toLowerCase())) return false;
  if (!ctx.quoted && (CODE_EXPRESSION.test(value) || PATH_LIKE.test(value))) return false;
  if (value.length < (ctx.quoted ? 4 : 6)) return false;

  const hasDigit = /\d/.test(value);
  const hasLetter = /[A-Za-z]/.test(value);
  const hasSymbol = /[^A-Za-z0-9]/.test(value);
  const looksLikeName = CAMEL_WORDS.test(value.replace(/\d+/g, ''));

  if (ctx.strongKey) {
    if (hasDigit || hasSymbol) return true;
    // A bare word: `password: letmein` is one, `password: stored in vault` is prose.
    return ctx.quoted || (!ctx.followedByWord && !(looksLikeName && /[a-z][A-Z]/.test(value)));
  }
  // token/secret/api_key values: only random-looking strings, not type or product names.
  if (looksLikeName || wordShare(value) > 0.6) return false;
  if (ctx.quoted) return value.length >= 16 || (value.length >= 8 && hasDigit);
  return value.length >= 20 || (value.length >= 12 && hasDigit && hasLetter);
}

/**
 * A password written right after the word, with no separator (`пароль Ueqt!LqwKrK`, `with password
 * bc59u$2O0BaF`). Prose puts words there (`password field`, `password manager 1Password`), so only a
 * value that reads as a typed password counts: both cases and a digit or symbol, no words, no name;
 * or, ending the sentence, words and a year (WORDS_AND_YEAR).
 */
export function isPasswordAfterWord(raw: string, followedByWord: boolean, namesOwner = false): boolean {
  const value = raw.replace(TRAILING_PUNCTUATION, '');
  if (value.length < 8 || value.length > 64 || !/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[^A-Za-z]/.test(value)) return false;
  // `the password for svcDeploy01`: the word after `for`/`от` names whose password it is, an account.
  if (!followedByWord && !namesOwner && WORDS_AND_YEAR.test(value)) return true;
  if (readsAsName(value) || wordShare(value) >= 0.5) return false;
  return isCredentialLike(value, { quoted: false, strongKey: true, followedByWord });
}

/**
 * `rootRoot2024`, `rootAdmin2024!`: words joined camelCase from a lower-case start, then two or more
 * digits (a year, a counter), maybe a symbol: a password as people make them up. Names of products
 * and types start upper-case (`AcmeCorp2024`, `MyService2`); an identifier is followed by what it
 * names (`userAccount42 expires`), so only a value that ends the sentence counts.
 */
const WORDS_AND_YEAR = /^[a-z]{3,}(?:[A-Z][a-z]+)+\d{2,}[!@#$%^&*?]?$/;

/** `1Password`, `MyAppStack2`: CamelCase words. `Xk2mP9qLw7` alternates case too, but has no words. */
function readsAsName(value: string): boolean {
  const letters = value.replace(/\d+/g, '');
  return CAMEL_WORDS.test(letters) && wordShare(letters) >= 0.7;
}

/**
 * A name a tool generated from words plus one short random suffix: CloudFormation and CDK physical
 * ids (`ProdStack-ApiHandlerF1A2B3C4-Xy9Zq8Wv7Ut6`: stack, logical id with CDK's 8-hex hash, a
 * 12–13 character suffix). The random part is too short to be a key; the rest are words.
 */
const GENERATED_NAME = /^((?:[A-Za-z][A-Za-z0-9]*-)+)([A-Za-z][A-Za-z0-9]*?)([A-F0-9]{8})?-([A-Za-z0-9]{12,13})$/;

export function isGeneratedName(value: string): boolean {
  const m = GENERATED_NAME.exec(value);
  if (!m) return false;
  const words = [...m[1]!.split('-').filter(Boolean), m[2]!];
  return words.every((w) => wordShare(w) >= 0.5);
}

/**
 * Spots credentials in a fact before it is stored, so a memory file never
 * becomes a password dump. Runs on every add, so every pattern is compiled
 * once here and each is a single linear scan of the text.
 *
 * Two kinds of checks:
 *  - token formats that are unmistakable on their own (key blocks, vendor
 *    prefixes, JWTs): any match is a secret;
 *  - `key = value` assignments (password, token, api_key, ...): only a
 *    literal that looks like a real credential counts, so engineering facts
 *    that merely mention passwords, env vars or placeholders pass.
 */

interface TokenPattern {
  label: string;
  regex: RegExp;
  /** Extra test on the match, for formats whose prefix alone is too weak. */
  accept?: (match: RegExpExecArray) => boolean;
}

// Token characters never touch on the left, so `mask-...` or `ask-...` don't count as `sk-...`.
const TOKEN_PATTERNS: readonly TokenPattern[] = [
  { label: 'a private key block', regex: /-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/ },
  { label: 'an AWS access key', regex: /(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/ },
  {
    label: 'an AWS secret access key',
    regex: /aws_secret_access_key["']?\s*[:=]\s*["']?[A-Za-z0-9/+]{30,}/i,
  },
  { label: 'a GitHub token', regex: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/ },
  { label: 'a Slack token', regex: /(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9-]{10,}/ },
  { label: 'a Slack webhook URL', regex: /hooks\.slack\.com\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]{8,}/ },
  { label: 'an Anthropic API key', regex: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}/ },
  { label: 'a Stripe key', regex: /(?<![A-Za-z0-9_])(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{24,})/ },
  {
    label: 'an OpenAI-style API key',
    regex: /(?<![A-Za-z0-9_-])sk-(?:proj-|svcacct-|admin-)?([A-Za-z0-9_-]{20,})/,
    // `sk-some-long-hyphenated-name` is prose, not a key.
    accept: (m) => !/^[a-z]+(?:-[a-z]+)+$/.test(m[1] ?? ''),
  },
  { label: 'a Google API key', regex: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/ },
  // Header segment is base64url JSON (`{"` → eyJ); an unsigned JWT may have an empty signature.
  { label: 'a JWT', regex: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{7,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/ },
  {
    label: 'a generic bearer/authorization header with a token',
    regex: /\bauthorization["']?\s*[:=]\s*["']?(?:bearer|basic|token)\s+([A-Za-z0-9._~+/-]{8,}=*)/i,
    accept: (m) => isCredentialLike(m[1] ?? '', { quoted: true, strongKey: true, followedByWord: false }),
  },
  {
    label: 'a generic bearer/authorization header with a token',
    regex: /\bbearer\s+([A-Za-z0-9._~+/-]{16,}=*)/i,
    accept: (m) => isCredentialLike(m[1] ?? '', { quoted: false, strongKey: false, followedByWord: false }),
  },
];

// `key = value` / `key: value` / `"key": "value"` / `key => value` / `пароль — value`.
// The key may end a longer identifier (DB_PASSWORD, db.password, dbPassword; checked in
// code) but must be followed by the separator, so PASSWORD_MIN_LENGTH or max_tokens don't match.
// Groups: 1 key, 2-4 quoted value, 5 bare value, 6 a word right after the bare value.
const ASSIGNMENT =
  /(password|passwd|passphrase|pwd|secret(?:[_-]?key)?|token|api[_-]?key|access[_-]?key|private[_-]?key|пароль)["']?\s*(?:=>|:=|[:=—–])\s*(?:"([^"\n]*)"|'([^'\n]*)'|`([^`\n]*)`|(\S+)(?=(\s+\p{L})?))/giu;

// A password embedded in a URL: scheme://user:password@host. The lookbehind starts the
// scheme only at the start of a run, so `a.a.a.a...` is scanned once, not once per dot.
const URL_CREDENTIALS = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:([^\s@/]+)@/gi;

/** Keys whose value is a credential whatever it looks like; `token`/`secret` also name types and settings. */
const STRONG_KEY = /^(?:password|passwd|passphrase|pwd|пароль)$/i;

/** Values that fill a credential slot without being one: types, flags, placeholders. */
const NON_SECRET_WORDS = new Set([
  'string', 'str', 'text', 'number', 'int', 'integer', 'bool', 'boolean', 'bytes', 'buffer', 'any',
  'unknown', 'object', 'null', 'nil', 'none', 'undefined', 'true', 'false', 'yes', 'no', 'required',
  'optional', 'empty', 'redacted', 'hidden', 'masked', 'omitted', 'changeme', 'change_me', 'example',
  'placeholder', 'password', 'passwd', 'secret', 'token', 'default', 'env', 'todo', 'tbd', 'n/a',
  'secretstr', 'secretstring',
]);

const MASKED = /\*{3,}|\.{3,}|…|•/;
const PLACEHOLDER_START = /^(?:\$|%[A-Za-z_]|<|\{\{|\[\[)/;
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

interface ValueContext {
  /** The value was written as a quoted literal (never a type or an expression). */
  quoted: boolean;
  /** The key is a password, so even a plain word is one. */
  strongKey: boolean;
  /** A bare value is followed by another word: `password: stored in vault`. */
  followedByWord: boolean;
}

/** Is this assigned value a literal credential rather than prose, a reference or a placeholder? */
function isCredentialLike(raw: string, ctx: ValueContext): boolean {
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
  if (looksLikeName) return false;
  if (ctx.quoted) return value.length >= 16 || (value.length >= 8 && hasDigit);
  return value.length >= 20 || (value.length >= 12 && hasDigit && hasLetter);
}

function findTokenSecret(text: string): string | undefined {
  for (const pattern of TOKEN_PATTERNS) {
    const match = pattern.regex.exec(text);
    if (match && (!pattern.accept || pattern.accept(match))) return pattern.label;
  }
  return undefined;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LOWER_OR_DIGIT = /[\p{Ll}\p{N}]/u;
const UPPER = /\p{Lu}/u;

/** The key starts a word or a camelCase part (`dbPassword`), not the middle of one (`bypass`, `mytoken`). */
function startsKey(text: string, index: number, key: string): boolean {
  const before = text[index - 1];
  if (before === undefined || !LETTER_OR_DIGIT.test(before)) return true;
  return LOWER_OR_DIGIT.test(before) && UPPER.test(key[0] ?? '');
}

function findAssignedSecret(text: string): string | undefined {
  for (const m of text.matchAll(ASSIGNMENT)) {
    const key = m[1] ?? '';
    if (!startsKey(text, m.index, key)) continue;
    const quotedValue = m[2] ?? m[3] ?? m[4];
    const quoted = quotedValue !== undefined;
    const ctx = { quoted, strongKey: STRONG_KEY.test(key), followedByWord: m[6] !== undefined };
    if (isCredentialLike(quotedValue ?? m[5] ?? '', ctx)) return 'a password assignment';
  }
  for (const m of text.matchAll(URL_CREDENTIALS)) {
    if (isCredentialLike(m[1] ?? '', { quoted: true, strongKey: true, followedByWord: false })) {
      return 'a URL with an embedded password';
    }
  }
  return undefined;
}

/**
 * A short label of the kind of secret `text` contains ("a GitHub token"),
 * or undefined if it looks safe to store.
 */
export function findSecret(text: string): string | undefined {
  return findTokenSecret(text) ?? findAssignedSecret(text);
}

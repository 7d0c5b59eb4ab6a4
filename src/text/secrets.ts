/**
 * Spots credentials in a text before it is stored, so a memory file never becomes a password dump.
 * Runs on every write (never on search), so each pattern is compiled once here and each is a single
 * linear scan of the text; token rules also wait for a cheap keyword hit before their regex runs.
 *
 * Three kinds of checks, most certain first:
 *  - token formats that are unmistakable on their own (secret-rules.ts: key blocks, vendor prefixes);
 *  - `name = value` and prose (`the password is X`, `пароль от базы: X`), command lines (`curl -u`,
 *    `mysql -pX`), URLs with a password and credential files (`.pgpass`, `.netrc`): only a literal
 *    that looks like a real credential counts, so facts that merely mention passwords, env vars or
 *    placeholders pass (secret-values.ts judges the value);
 *  - a bare random string (letters of both cases and digits, high entropy), unless it is a known public
 *    kind: a hash with its algorithm prefix, an SSH public key, base64 of ordinary text, part of a URL.
 */
import { TOKEN_RULES } from './secret-rules.js';
import { isCredentialLike, isGeneratedName, isPasswordAfterWord, looksRandom, type ValueContext } from './secret-values.js';

export interface SecretFinding {
  /** Stable short name of the rule: `gitlab-token`, `password-assignment`. */
  rule: string;
  /** What it looks like, for people: "a GitLab token". */
  label: string;
}

const ASSIGNED: SecretFinding = { rule: 'password-assignment', label: 'a password assignment' };
const HEADER: SecretFinding = { rule: 'auth-header', label: 'a generic bearer/authorization header with a token' };

// `key = value` / `key: value` / `"key": "value"` / `key => value` / `пароль — value`.
// The key may end a longer identifier (DB_PASSWORD, db.password, dbPassword, PGPASSWORD; checked in
// code) and carry a short suffix (secret_key_base, password_file), but must then be followed by the
// separator, so PASSWORD_MIN_LENGTH=12 or max_tokens only offer a number as the value.
// `секретный ключ (API)` and `ключ API` come before `секрет` and `ключ`: the longest name wins.
const KEYS =
  'password|passwd|passphrase|pwd|пароль|contraseña|contrasena|passwort|секретн[а-яё]*\\s+ключ(?:\\s+api)?|ключ\\s+api|secret(?:[_-]?key)?|token|api[_ -]?key|access[_-]?key|private[_-]?key|key|auth|credentials?|creds|ключ|токен|секрет';
const VALUE = `(?:"(?<dq>[^"\\n]*)"|'(?<sq>[^'\\n]*)'|\`(?<bq>[^\`\\n]*)\`|(?<bare>\\S+)(?=(?<after>\\s+[A-Za-zА-Яа-яЁё])?))`;
const KEY_NAME = new RegExp(KEYS, 'gi');
const ASSIGNMENT = new RegExp(`(?<key>${KEYS})(?<suffix>(?:[_.-][A-Za-z0-9]+){0,2})["']?\\s*(?:=>|:=|[:=—–])\\s*${VALUE}`, 'iy');
// `the password is X`, `password for the staging db: X`, `пароль от базы — X`: the name, maybe a short
// "for/от …" phrase or Russian words in the genitive (`пароль администратора`), then `is`/`это` or a separator.
const PROSE = new RegExp(
  `(?<key>${KEYS})(?:\\s+(?:for|of|on|to|at|from|для|от|к|на|в)(?:\\s+[^\\s:=,;.]+){1,3}?|(?:\\s+[а-яё]+){1,2})?(?:\\s+(?:is|was|это|равен)(?=[\\s:=])\\s*[:=]?|\\s*[:=—–])\\s*${VALUE}`,
  'iy',
);
// `webhook secret 9f8e…`, `API key 8phgZ…`: the name right before a value, no separator; only a
// random-looking value counts.
const NAMED_VALUE = new RegExp(`(?<key>${KEYS})\\s+(?<bare>[A-Za-z0-9+/=_.~-]{16,})(?![A-Za-z0-9+/=_.~-])`, 'iy');
// `пароль Ueqt!LqwKrK`, `with password bc59u$2O0BaF`, `с паролем Hq7$wR2mPz`: the word, a space, the
// value (judged strictly: secret-values.ts); or the word, a short phrase that starts with a
// preposition (`пароль от wifi в офисе Kj6^hG3fDs`), then the value. \b does not see Cyrillic word
// edges, hence the lookarounds.
const PASSWORD_WORD = /(?<![\p{L}\p{N}_])(?:password|passwd|passphrase|пароль|паролем|passwort|contraseña|contrasena)(?![\p{L}\p{N}_])/giu;
const NEXT_WORD = /\s+(\S+)/y;
const PHRASE_START = /^(?:for|of|on|to|at|from|для|от|к|на|в|у)$/i;
/** Words a phrase may hold after its preposition, the value among them. */
const PHRASE_WORDS = 4;
/** Keys whose value is a credential whatever it looks like; `token`/`secret` also name types and settings. */
const STRONG_KEY = /^(?:password|passwd|passphrase|pwd|пароль|contraseña|contrasena|passwort|секретн[а-яё]*\s+ключ(?:\s+api)?)$/i;
/** Keys too common in ordinary text to trust: only a random-looking value counts. */
const WEAK_KEY = /^(?:key|auth|credentials?|creds|ключ|токен|секрет)$/i;

// `login for grafana: admin / Gr@MtnKzVvV`, `grafana credentials admin:Gr@MtnKzVvV`: a word that
// names an account's way in, maybe a short "for …" phrase, then `user / password` or `user:password`.
// Groups: 1 user, 2 password (judged as a password: a path, a URL's rest or a placeholder is not one).
const LOGIN_PAIR =
  /(?<![\p{L}\p{N}_])(?:login|logins|sign-in|credentials?|creds|логин|учётк[аи]|учетк[аи]|доступы?)(?![\p{L}\p{N}_])(?:\s+(?:for|of|on|to|at|from|для|от|к|на|в)(?:\s+[^\s:=,;/]+){1,3}?)?\s*[:=—–]?\s*([\p{L}\p{N}._@+-]{1,64})(?:\s*\/\s*|:)(\S+)/giu;

// A password embedded in a URL: scheme://user:password@host. The lookbehind starts the
// scheme only at the start of a run, so `a.a.a.a...` is scanned once, not once per dot.
// Groups: 1 user, 2 password, 3 host.
const URL_CREDENTIALS = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/([^\s:/@]*):([^\s@/]+)@([^\s:/?#]*)/gi;
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])$/i;
/** Passwords of local development defaults (`guest:guest@localhost`), not anyone's secret. */
const LOCAL_DEFAULTS = new Set(['guest', 'postgres', 'root', 'admin', 'test', 'dev', 'demo', 'mysql', 'rabbitmq', 'redis']);

/** Command lines that carry a password: the value is group 1, 2 or 3 (double-, single- or unquoted). */
const ARG = `(?:"([^"\\n]+)"|'([^'\\n]+)'|([^\\s"']+))`;
// `prose`: the pattern also reads as a sentence (`the --password flag`, `login page password field`),
// so a bare value is judged as in prose; elsewhere the argument is a password whatever it looks like.
const COMMAND_LINES: readonly { finding: SecretFinding; regex: RegExp; userPass?: boolean; prose?: boolean }[] = [
  { finding: { rule: 'curl-user', label: 'a password on a curl command line' }, regex: new RegExp(`\\bcurl\\b[^\\n]*?\\s(?:-u|--user)(?:\\s+|=)${ARG}`, 'g'), userPass: true },
  { finding: { rule: 'mysql-password', label: 'a password on a mysql command line' }, regex: new RegExp(`\\b(?:mysql|mysqldump|mysqladmin|mariadb)\\b[^\\n]*?\\s-p${ARG}`, 'g') },
  { finding: { rule: 'cli-password', label: 'a password on a command line' }, regex: new RegExp(`\\b(?:sshpass\\s+-p\\s*|redis-cli\\b[^\\n]*?\\s-a\\s+|docker\\s+login\\b[^\\n]*?\\s(?:-p|--password)(?:\\s+|=))${ARG}`, 'g') },
  { finding: { rule: 'cli-password', label: 'a password on a command line' }, regex: new RegExp(`(?<![\\w-])--(?:password|passwd|pass)\\s+${ARG}`, 'g'), prose: true },
  { finding: { rule: 'netrc-password', label: 'a .netrc password' }, regex: new RegExp(`\\blogin\\s+\\S+\\s+password\\s+${ARG}`, 'g'), prose: true },
];
/** `.pgpass`: host:port:database:user:password. */
const PGPASS = /(?<![\w.:-])[A-Za-z0-9.*_-]+:(?:\d{2,5}|\*):[\w*.-]+:[\w*.@-]+:(\S+)/g;

const AUTH_HEADER = /\bauthorization["']?\s*[:=]\s*["']?(?:bearer|basic|token)\s+([A-Za-z0-9._~+/-]{8,}=*)/gi;
const BEARER = /\bbearer\s+([A-Za-z0-9._~+/-]{16,}=*)/gi;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LOWER_OR_DIGIT = /[\p{Ll}\p{N}]/u;
const UPPER = /\p{Lu}/u;

/** The key starts a word or a camelCase part (`dbPassword`, `PGPASSWORD`), not the middle of one (`bypass`, `mytoken`). */
function startsKey(text: string, index: number, key: string): boolean {
  const before = text[index - 1];
  if (before === undefined || !LETTER_OR_DIGIT.test(before)) return true;
  if (!UPPER.test(key[0] ?? '')) return false;
  return LOWER_OR_DIGIT.test(before) || (UPPER.test(before) && key === key.toUpperCase());
}

// All rules' keywords in one pass over the text, longest first and restarting one character after each
// hit, so at every place the longest keyword is seen and the shorter ones it starts with count as seen.
const KEYWORD_LIST = [...new Set(TOKEN_RULES.flatMap((r) => r.keywords))].sort((a, b) => b.length - a.length);
const KEYWORDS = new RegExp(KEYWORD_LIST.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');

function keywordsIn(text: string): Set<string> {
  const seen = new Set<string>();
  KEYWORDS.lastIndex = 0;
  for (let m = KEYWORDS.exec(text); m; m = KEYWORDS.exec(text)) {
    // Shorter keywords starting here are prefixes of this one: count them too.
    const found = m[0].toLowerCase();
    for (let n = 1; n <= found.length; n++) seen.add(found.slice(0, n));
    KEYWORDS.lastIndex = m.index + 1;
  }
  return seen;
}

/** The rules with global regexes: a match their `accept` turns down must not hide a later one. */
const RULES = TOKEN_RULES.map((r) => ({ ...r, regex: new RegExp(r.regex.source, `${r.regex.flags}g`) }));

function findTokenSecret(text: string): SecretFinding | undefined {
  const seen = keywordsIn(text);
  for (const r of RULES) {
    if (r.keywords.length && !r.keywords.some((k) => seen.has(k))) continue;
    for (const match of text.matchAll(r.regex)) {
      if (!r.accept || r.accept(match)) return { rule: r.id, label: r.label };
    }
  }
  return undefined;
}

function findHeaderSecret(text: string): SecretFinding | undefined {
  for (const m of text.matchAll(AUTH_HEADER)) {
    if (isCredentialLike(m[1] ?? '', { quoted: true, strongKey: true, followedByWord: false })) return HEADER;
  }
  for (const m of text.matchAll(BEARER)) {
    if (isCredentialLike(m[1] ?? '', { quoted: false, strongKey: false, followedByWord: false })) return HEADER;
  }
  return undefined;
}

/** Is the value assigned to `key` a credential? Weak keys need a random-looking value; a suffixed
 * key (`password_policy`) is a setting about the secret, so its value must look like one too. */
function assignedCredential(m: RegExpMatchArray, pattern: RegExp): boolean {
  const g = m.groups ?? {};
  const key = g.key ?? '';
  const quotedValue = g.dq ?? g.sq ?? g.bq;
  const value = quotedValue ?? g.bare ?? '';
  if (pattern === NAMED_VALUE || WEAK_KEY.test(key)) return looksRandom(value.replace(/[.,;:!?)\]}>'"`]+$/, ''), 16);
  const strongKey = STRONG_KEY.test(key) && !g.suffix;
  return isCredentialLike(value, { quoted: quotedValue !== undefined, strongKey, followedByWord: g.after !== undefined });
}

/** The words after a password word that ends at `end`: the first, or a phrase's when it starts one. */
function passwordAfterWord(text: string, end: number): boolean {
  const words: string[] = [];
  NEXT_WORD.lastIndex = end;
  for (let m; words.length <= PHRASE_WORDS + 1 && (m = NEXT_WORD.exec(text)); ) words.push(m[1]!);
  const phrase = PHRASE_START.test(words[0] ?? '');
  const candidates = phrase ? PHRASE_WORDS + 1 : 1;
  for (let i = 0; i < Math.min(candidates, words.length); i++) {
    if (isPasswordAfterWord(words[i]!, /^\p{L}/u.test(words[i + 1] ?? ''), phrase && i === 1)) return true;
  }
  return false;
}

function findAssignedSecret(text: string): SecretFinding | undefined {
  // One scan for the names; the three patterns are tried only where a name starts (sticky).
  for (const name of text.matchAll(KEY_NAME)) {
    if (!startsKey(text, name.index, name[0])) continue;
    for (const pattern of [ASSIGNMENT, PROSE, NAMED_VALUE]) {
      pattern.lastIndex = name.index;
      const m = pattern.exec(text);
      if (m && assignedCredential(m, pattern)) return ASSIGNED;
    }
  }
  for (const m of text.matchAll(PASSWORD_WORD)) {
    if (passwordAfterWord(text, m.index + m[0].length)) return ASSIGNED;
  }
  for (const m of text.matchAll(LOGIN_PAIR)) {
    const [, user = '', password = ''] = m;
    if (password === user) continue; // `guest:guest`: a default, not anyone's secret
    const followedByWord = WORD_AFTER.test(text.slice(m.index + m[0].length));
    if (isCredentialLike(password, { quoted: false, strongKey: true, followedByWord })) return { rule: 'login-pair', label: 'a login with its password' };
  }
  for (const m of text.matchAll(URL_CREDENTIALS)) {
    const [, user = '', password = '', host = ''] = m;
    if (password === user || (LOCAL_HOST.test(host) && LOCAL_DEFAULTS.has(password.toLowerCase()))) continue;
    if (isCredentialLike(password, { quoted: true, strongKey: true, followedByWord: false })) {
      return { rule: 'url-password', label: 'a URL with an embedded password' };
    }
  }
  return undefined;
}

const PASSWORD_VALUE: ValueContext = { quoted: true, strongKey: true, followedByWord: false };
const WORD_AFTER = /^\s+[A-Za-zА-Яа-яЁё]/;

function findCommandLineSecret(text: string): SecretFinding | undefined {
  for (const { finding, regex, userPass, prose } of COMMAND_LINES) {
    for (const m of text.matchAll(regex)) {
      let value = m[1] ?? m[2] ?? m[3] ?? '';
      if (userPass) {
        const colon = value.indexOf(':');
        if (colon < 0) continue; // `curl -u user` prompts for the password
        value = value.slice(colon + 1);
      }
      // A bare word can be prose: `the --password flag is deprecated`.
      const quoted = !prose || m[3] === undefined;
      const followedByWord = WORD_AFTER.test(text.slice(m.index + m[0].length));
      if (isCredentialLike(value, { quoted, strongKey: true, followedByWord })) return finding;
    }
  }
  for (const m of text.matchAll(PGPASS)) {
    if (isCredentialLike(m[1] ?? '', PASSWORD_VALUE)) return { rule: 'pgpass-line', label: 'a .pgpass line with a password' };
  }
  return undefined;
}

// Candidates for a bare random string: a run of one base64 alphabet (standard or URL-safe), so a
// path mixing `/` and `-` is not taken for one token.
const BARE_CANDIDATE = /(?<![A-Za-z0-9+/=_-])(?:[A-Za-z0-9+/]{24,}={0,2}|[A-Za-z0-9_-]{24,})(?![A-Za-z0-9+/=_-])/g;
const URL_SPAN = /[a-z][a-z0-9+.-]*:\/\/\S+|\bwww\.\S+/gi;
/** What comes right before a public value: a hash algorithm, an SSH key type, a data URI, a publishable key. */
const PUBLIC_PREFIX = /(?:\b(?:sha\d{1,3}|sha3-\d{3}|md5|blake2[bs]?|h1|zh)[:=~-]|;base64,|\bssh-[a-z0-9]+ |\becdsa-[a-z0-9-]+ )$/i;

/** Base64 that decodes to ordinary text (`aGVsbG8gd29ybGQ=`) is an encoding, not a secret. */
function isEncodedText(value: string): boolean {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return false;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length < 12) return false;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - (bytes.length % 3 === 0 ? 0 : 1)));
  } catch {
    return false;
  }
  if (/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffd]/.test(decoded)) return false;
  // Random bytes are almost never valid UTF-8 free of control characters; JSON and words are.
  const letters = decoded.match(/[\p{L}\s]/gu)?.length ?? 0;
  return letters / [...decoded].length >= 0.3;
}

function findBareRandom(text: string): SecretFinding | undefined {
  const masked = text.replace(URL_SPAN, (url) => ' '.repeat(url.length));
  for (const m of masked.matchAll(BARE_CANDIDATE)) {
    const value = m[0].replace(/=+$/, '');
    if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/\d/.test(value)) continue;
    if (PUBLIC_PREFIX.test(masked.slice(Math.max(0, m.index - 24), m.index))) continue;
    if (!looksRandom(value, 24) || isEncodedText(m[0]) || isGeneratedName(value)) continue;
    return { rule: 'high-entropy-string', label: 'a random string that looks like a key or token' };
  }
  return undefined;
}

/** The first kind of secret `text` contains, or undefined if it looks safe to store. */
export function findSecretRule(text: string): SecretFinding | undefined {
  return findTokenSecret(text) ?? findHeaderSecret(text) ?? findAssignedSecret(text) ?? findCommandLineSecret(text) ?? findBareRandom(text);
}

/**
 * A short label of the kind of secret `text` contains ("a GitHub token"),
 * or undefined if it looks safe to store.
 */
export function findSecret(text: string): string | undefined {
  return findSecretRule(text)?.label;
}

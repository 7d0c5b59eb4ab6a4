import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSecret, findSecretRule } from '../../src/text/secrets.js';
import { ROOT } from '../helpers.js';

// Fake but format-valid values, assembled here so the repository itself holds no scannable secrets.
const alnum = 'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC'; // 32 chars
/** `n` random-looking token characters. */
const chars = (n: number): string => alnum.repeat(Math.ceil(n / alnum.length)).slice(0, n);
const upperDigits = 'Q7XK2M9PL4RT8WZB';
const fake = {
  rsaBlock: '-----BEGIN RSA ' + 'PRIVATE KEY-----\nMIIEow' + 'A'.repeat(40) + '\n-----END RSA PRIVATE KEY-----',
  awsKeyId: 'AKIA' + upperDigits,
  awsSessionKeyId: 'ASIA' + upperDigits,
  awsSecret: 'wJalrXUtnFEMI/K7MDENG/' + 'bPxRfiCY' + 'EXAMPLEKEY',
  github: 'ghp_' + 'a'.repeat(36),
  githubPat: 'github_pat_' + chars(22) + '_' + chars(59),
  slackBot: 'xoxb-' + '123456789012-1234567890123-' + chars(24),
  slackWebhook: 'https://hooks.slack.com/services/' + 'T0123ABCD/B0456EFGH/' + chars(24),
  openai: 'sk-' + chars(20) + 'T3BlbkFJ' + chars(20),
  openaiProject: 'sk-proj-' + chars(64),
  anthropic: 'sk-ant-api03-' + chars(93) + 'AA',
  google: 'AIza' + chars(35),
  stripe: 'sk_' + 'live_' + chars(24),
  jwt:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9' +
    '.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ' +
    '.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
};

describe('findSecret: flags credentials', () => {
  it.each([
    ['RSA private key block', `deploy key:\n${fake.rsaBlock}`, 'a private key block'],
    ['OpenSSH private key block', '-----BEGIN OPENSSH ' + 'PRIVATE KEY-----\nb3BlbnNz', 'a private key block'],
    ['EC private key block', '-----BEGIN EC ' + 'PRIVATE KEY-----', 'a private key block'],
    ['PKCS#8 private key block', 'key: -----BEGIN ' + 'PRIVATE KEY-----', 'a private key block'],
    ['AWS access key id', `CI uses ${fake.awsKeyId} for S3`, 'an AWS access key'],
    ['AWS session key id', `temporary creds ${fake.awsSessionKeyId}`, 'an AWS access key'],
    ['AWS secret in credentials file', `aws_secret_access_key = ${fake.awsSecret}`, 'an AWS secret access key'],
    ['GitHub classic token', `use ${fake.github} for the API`, 'a GitHub token'],
    ['GitHub OAuth token', 'gho_' + chars(36), 'a GitHub token'],
    ['GitHub server token', 'ghs_' + chars(36), 'a GitHub token'],
    ['GitHub fine-grained token', `GH_TOKEN=${fake.githubPat}`, 'a GitHub token'],
    ['Slack bot token', `bot token ${fake.slackBot}`, 'a Slack token'],
    ['Slack user token', 'xoxp-' + '1234567890-' + chars(32), 'a Slack token'],
    ['Slack webhook', `alerts post to ${fake.slackWebhook}`, 'a Slack webhook URL'],
    ['OpenAI key', `OPENAI_API_KEY=${fake.openai}`, 'an OpenAI-style API key'],
    ['OpenAI project key', `key is ${fake.openaiProject}`, 'an OpenAI-style API key'],
    ['OpenAI key of one repeated char', 'sk-' + 'a'.repeat(40), 'an OpenAI-style API key'],
    ['Anthropic key', `ANTHROPIC_API_KEY="${fake.anthropic}"`, 'an Anthropic API key'],
    ['Google API key', `maps key ${fake.google}`, 'a Google API key'],
    ['Stripe secret key', `billing uses ${fake.stripe}`, 'a Stripe key'],
    ['JWT', `test session: ${fake.jwt}`, 'a JWT'],
    ['Authorization header', 'curl -H "Authorization: Bearer ' + chars(40) + '"', 'a generic bearer/authorization header with a token'],
    ['Basic auth header', 'Authorization: Basic ' + 'dXNlcjpodW50ZXIy', 'a generic bearer/authorization header with a token'],
    ['bare bearer token', 'send Bearer ' + chars(32) + ' to the api', 'a generic bearer/authorization header with a token'],
    ['password=literal', 'staging db: password=hunter2', 'a password assignment'],
    ['password: literal', 'Password: S3cr3t!Pass', 'a password assignment'],
    ['password with spaces around =', 'admin password = Tr0ub4dor&3 for staging', 'a password assignment'],
    ['plain-word password at the end', 'the box has password: letmein', 'a password assignment'],
    ['quoted JSON password', '{"user": "app", "password": "correcthorse"}', 'a password assignment'],
    ['env-style DB_PASSWORD', 'DB_PASSWORD=pg_9f8e7d6c', 'a password assignment'],
    ['camelCase dbPassword', "const dbPassword = 'qwerty123'", 'a password assignment'],
    ['passwd', 'passwd: p4ssw0rd', 'a password assignment'],
    ['pwd', 'login with pwd=Zx81spectrum', 'a password assignment'],
    ['secret literal', 'client_secret: 9f8e7d6c5b4a3f2e1d0c', 'a password assignment'],
    ['token literal', 'token = abc123def456ghi789', 'a password assignment'],
    ['api_key literal', "api_key: 'a1b2c3d4e5f6a7b8'", 'a password assignment'],
    ['apiKey literal', 'apiKey: "k-3f9a8b7c6d5e4f30"', 'a password assignment'],
    ['Russian пароль:', 'пароль: qwerty123', 'a password assignment'],
    ['Russian Пароль=', 'Пароль=Hunter2Secret', 'a password assignment'],
    ['Russian пароль — value', 'пароль — Zx9!kd8w', 'a password assignment'],
    ['URL with credentials', 'DATABASE_URL=postgres://app:hunter2x@db:5432/app', 'a URL with an embedded password'],
    ['sshpass with a plain word', 'sshpass -p mypass ssh deploy@host', 'a password on a command line'],
    ['--password with a value', 'run it with --password hunter2x', 'a password on a command line'],
  ])('%s', (_name, text, label) => {
    expect(findSecret(text)).toBe(label);
  });
});

describe('findSecret: lets ordinary facts through', () => {
  it.each([
    'the password policy requires 12 characters',
    'set PASSWORD_MIN_LENGTH in config',
    'tokens are stored in Redis',
    'use `sk-` prefix check in validator',
    'password= is read from env var DB_PASSWORD',
    'password=$DB_PASSWORD in docker-compose',
    'password: ${DB_PASSWORD}',
    'password=<your password>',
    'password: ***',
    'password=...',
    'api-gw uses JWT auth',
    'ssh key lives in ~/.ssh/id_ed25519',
    'password: stored in Vault under kv/app',
    'Password: 12 characters minimum',
    'password: required',
    'token: string',
    'interface Session { token: string; expiresAt: number }',
    'token: SessionToken',
    'secret: 1Password',
    'token: opaque, 32 bytes',
    'max_tokens: 4096',
    'token_ttl=3600',
    'api_key=os.environ["OPENAI_API_KEY"]',
    'apiKey: process.env.OPENAI_KEY',
    'password: config.db.password',
    "password: os.getenv('DB_PASSWORD')",
    'api_key: ${{ secrets.OPENAI_KEY }}',
    'token: YOUR_API_TOKEN',
    'pwd: /srv/app/current',
    'Authorization: Bearer <token>',
    'Authorization: Bearer $TOKEN',
    'use a Bearer token from /login',
    'hooks.slack.com/services/... is the alert webhook',
    'risk-management-and-compliance-policy applies',
    'the postgres url is postgres://user:password@localhost/app',
    'clone https://github.com/acme/api and run make',
    'AKIA prefix means a long-term key, ASIA a temporary one',
    'пароль хранится в Vault',
    'пароль: обязательное поле',
    'RSA keys are rotated yearly; private key files are chmod 600',
    'eyJ is how a base64 JSON object starts',
  ])('%s', (text) => {
    expect(findSecret(text)).toBeUndefined();
  });
});

describe('findSecretRule: the formats issue 11 found missing', () => {
  const hex = (n: number) => '0123456789abcdef'.repeat(8).slice(0, n);
  it.each([
    ['GitLab PAT', 'glpat-' + chars(20), 'gitlab-token'],
    ['npm token', 'npm_' + chars(36), 'npm-token'],
    ['Twilio API key', 'SK' + hex(32), 'twilio-key'],
    ['SendGrid key', 'SG.' + chars(22) + '.' + chars(43), 'sendgrid-key'],
    ['Azure AccountKey', 'AccountName=x;AccountKey=' + chars(86) + '==', 'azure-storage-key'],
    ['Hugging Face token', 'hf_' + 'aBcDeFgHiJ'.repeat(4).slice(0, 34), 'huggingface-token'],
    ['DigitalOcean PAT', 'dop_v1_' + hex(64), 'digitalocean-token'],
    ['PyPI token', 'pypi-AgEIcHlwaS5vcmc' + chars(70), 'pypi-token'],
    ['Docker PAT', 'dckr_pat_' + chars(27), 'docker-token'],
    ['Shopify token', 'shpat_' + hex(32), 'shopify-token'],
    ['Mailgun key', 'key-' + hex(32), 'mailgun-key'],
    ['age secret key', 'AGE-SECRET-KEY-1' + 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L'.repeat(2).slice(0, 58), 'age-secret-key'],
    ['Telegram bot token', '1234567890:AA' + chars(33), 'telegram-bot-token'],
    ['Discord webhook', 'https://discord.com/api/webhooks/123456789012345678/' + chars(68), 'discord-webhook'],
    ['PEM body without BEGIN', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC' + chars(64), 'private-key-body'],
    ['PEM lines without BEGIN', `${chars(64)}\n${chars(64)}\n-----END CERTIFICATE-----`, 'pem-body'],
    ['postgres URL', 'postgres://u:' + chars(10) + '@h/db', 'url-password'],
    ['password is: X', 'the password is: Zx81spectrum', 'password-assignment'],
    ['password for … is X', 'the password for the staging db is hunter2x', 'password-assignment'],
    ['пароль: X', 'пароль от базы: Qwerty123!', 'password-assignment'],
    ['curl -u user:X', 'curl -u admin:' + chars(12) + ' https://ci/api', 'curl-user'],
    ['mysql -pX', 'mysql -u root -p' + chars(10) + ' app', 'mysql-password'],
    ['.pgpass line', 'db.internal:5432:app:app_user:' + chars(12), 'pgpass-line'],
    ['bare high-entropy string', 'signing key: ' + chars(32), 'password-assignment'],
    ['bare high-entropy string, no name', 'use ' + chars(40) + ' for the webhook', 'high-entropy-string'],
  ])('%s', (_name, text, rule) => {
    expect(findSecretRule(text)?.rule).toBe(rule);
  });
});

describe('issue 19: a password right after the word, and generated resource names', () => {
  it.each([
    ['Russian prose, no separator', 'на сервере сборки логин deploy, пароль Ueqt!LqwKrK'],
    ['English prose, no separator', '…use user backup with password bc59u$2O0BaF'],
    ['at the end of a sentence', 'the staging box takes password Tq7#mVx2Lp.'],
    ['passphrase before more words', 'unlock it with passphrase Zr4!kW9qPm then run make'],
    // Found again end to end (issue 19 recheck): the instrumental case, a value of letters and digits
    // only whose case alternates (not a CamelCase name), and a value after a short "от/for …" phrase.
    ['Russian instrumental, no separator', 'на стейджинге заходим под admin с паролем Hq7$wR2mPz'],
    ['letters and digits only', 'log into the router with admin and password Xk2mP9qLw7'],
    ['after a short phrase, Russian', 'пароль от wifi в офисе Kj6^hG3fDs'],
    ['after a short phrase, English', 'the password for the office wifi Kj6^hG3fDs'],
    // A password made of words and a year, as people type them (the issue 19 recheck's known miss).
    ['words and digits, Russian', 'в phpmyadmin входим как dbadmin с паролем rootRoot2024'],
    ['words and digits, English', 'the NAS takes user admin and password rootAdmin2024!'],
    ['words and digits after a phrase', 'пароль от роутера в офисе officeWifi77'],
  ])('catches %s', (_name, text) => {
    expect(findSecretRule(text)?.rule).toBe('password-assignment');
  });

  it.each([
    ['a CloudFormation/CDK generated name', 'ProdStack-ApiHandlerF1A2B3C4-Xy9Zq8Wv7Ut6'],
    ['one in prose', 'the lambda is ProdStack-ApiHandlerF1A2B3C4-Xy9Zq8Wv7Ut6 in eu-west-1'],
    ['an older CloudFormation name', 'bucket billing-stack-ReportsBucket-1QX7ZK2M9PL4R'],
    ['prose about the password word', 'the password field on the login page needs autocomplete=off'],
    ['a product name after the word', 'password manager is 1Password, vault Infra'],
    ['Russian prose about passwords', 'пароль ПользователяСервиса меняется раз в год'],
    ['a product name after a phrase', 'пароль от базы лежит в 1Password, запись prod db'],
    ['a service name after a phrase', 'the password for MyService2 lives in the team vault'],
    ['an account name after a phrase', 'the password for svc-Backup01 rotates every 90 days'],
    ['a CamelCase name right after the word', 'password policy for the MyAppStack2 service'],
    ['a camelCase name with digits before a word', 'the password for userAccount42 expires in May'],
    ['a product name with a year at the end', 'reset the password for AcmeCorp2024'],
    ['a camelCase word without digits', 'the password is in userSettings'],
    ['an account named after a phrase, ending the sentence', 'rotate the password for svcDeploy01'],
    ['an account with a year after a phrase', 'reset the password for adminUser2024'],
    ['an account after a phrase, a full stop', 'the password for serviceAccount42.'],
  ])('lets through %s', (_name, text) => {
    expect(findSecretRule(text)).toBeUndefined();
  });
});

// rel-secrets-turn4 (issue 38, item 10): five fakes the attacker's pass stored, and look-alikes
// written beside them that must still be stored. Also in the fixture lists (fakes.txt, lookalikes.txt).
const TURN4_FAKES = [
  'login for grafana: admin / Gr@MtnKzVvV',
  'секретный ключ API: 6f39ab506b7879dd3c07c36be78835e7',
  'API key: 6f39ab506b7879dd3c07c36be78835e7',
  'grafana credentials admin:Gr@MtnKzVvV',
  'секретный ключ: Xk9#mP2vLq7w',
];
const TURN4_LOOKALIKES = [
  'login for grafana: admin (the password is in 1Password)',
  'секретный ключ API лежит в Vault: kv/app/grafana',
  'API key: see the vault entry kv/app/stripe, rotated monthly',
  'grafana credentials are in 1Password under Grafana admin',
  'md5 of the release tarball: 6f39ab506b7879dd3c07c36be78835e7',
  'the login for grafana is admin, via SSO',
];

describe('issue 38: login pairs, API keys of hex, a secret key in Russian', () => {
  it.each(TURN4_FAKES)('catches %s', (text) => {
    expect(findSecretRule(text)).toBeDefined();
  });
  it.each(TURN4_LOOKALIKES)('lets through %s', (text) => {
    expect(findSecretRule(text)).toBeUndefined();
  });
});

describe('reading never runs the detector', () => {
  /** Every source file `entry` can load, statically or lazily. */
  function reachable(entry: string): Set<string> {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)\.js'/g)) visit(resolve(dirname(file), `${m[1]}.ts`));
    };
    visit(join(ROOT, entry));
    return seen;
  }

  it.each(['src/commands/search.ts', 'src/commands/list.ts', 'src/commands/show.ts', 'src/commands/hook.ts', 'src/commands/card.ts'])('%s never loads the secret rules', (entry) => {
    const files = reachable(entry);
    expect(files.size).toBeGreaterThan(3);
    expect([...files].filter((f) => /src\/text\/secret|check-text/.test(f))).toEqual([]);
  });

  it('add does load them (the check above can see a path)', () => {
    expect([...reachable('src/commands/add.ts')].some((f) => f.endsWith('src/text/secrets.ts'))).toBe(true);
  });
});

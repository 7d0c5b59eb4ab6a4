// Templated facts: what a year of sessions leaves in memory across a user's projects (hosts, ports,
// owners, habits of libraries, decisions) and the older facts of the three task repos. None of them
// is about what a task's memory criterion checks; they are what a memory must be able to look past.
import { ACME, type Fact } from './facts-hand.js';

type Rand = () => number;
const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

export const PROJECTS = ['billing-ui', 'billing-api', 'growth-dash', 'kz-ledger', 'mobile-api', 'auth-service', 'notify-svc', 'data-warehouse', 'support-bot', 'partner-gw'];
export const SCALE_PROJECTS = [
  ...PROJECTS,
  'search-api', 'catalog-svc', 'warehouse-wms', 'courier-app', 'pricing-engine', 'loyalty-svc', 'fraud-scoring', 'cms-admin',
  'email-templates', 'geo-svc', 'recs-ml', 'invoice-pdf', 'sso-proxy', 'feature-flags', 'ab-tests', 'chat-widget',
  'returns-svc', 'tax-calc', 'seller-portal', 'docs-site',
];

const PEOPLE = ['Marina', 'Oleg', 'Katya', 'Pavel', 'Anna', 'Sergey', 'Lena', 'Dmitry', 'Igor', 'Priya', 'Tom', 'Yulia'];
const SYSTEMS = [
  ['Postgres', 5432], ['Redis', 6379], ['RabbitMQ', 5672], ['Kafka', 9092], ['ClickHouse', 9000], ['Elasticsearch', 9200],
  ['MinIO', 9000], ['Vault', 8200], ['Memcached', 11211], ['NATS', 4222],
] as const;
const HOSTS = ['db-03', 'db-04', 'cache-01', 'cache-02', 'mq-01', 'kafka-01', 'kafka-02', 'ch-01', 'es-01', 'vault-01', 'obj-01', 'nats-01'];
const BRANCHES = ['main', 'develop', 'release', 'master'];
const RULES_EN = [
  'no new dependency without a look at its licence and last release date',
  'every HTTP handler gets an integration test against the real router',
  'feature flags are removed within two releases after full rollout',
  'SQL goes through the query builder; string concatenation only for identifiers from a whitelist',
  'config values come from env vars, never from files in the image',
  'public functions carry a one-line comment saying why they exist',
  'retries only for idempotent calls, with jitter',
  'no sleeps in tests: wait for the condition with a deadline',
  'error messages for users say what to do next',
  'lint warnings are errors in CI',
];
const RULES_RU = [
  'новые зависимости — только после проверки лицензии и даты последнего релиза',
  'каждый HTTP-обработчик покрываем интеграционным тестом',
  'фича-флаги удаляем не позже чем через два релиза после раскатки',
  'SQL только через построитель запросов, без склейки строк',
  'конфигурация — только из переменных окружения',
  'в тестах никаких sleep — ждём условие с таймаутом',
  'ретраи только для идемпотентных вызовов и с джиттером',
  'ошибки для пользователя пишем так, чтобы было понятно, что делать',
];
const GOTCHAS_EN = [
  'client times out after 30 s by default; set the timeout explicitly',
  'client retries POSTs unless retries are disabled, which double-charged once',
  'silently drops messages over 1 MB',
  'connection pool is per process, so 8 workers means 8 pools',
  'returns dates as strings in the server time zone',
  'driver caches prepared statements and breaks after a schema change until restart',
  'bulk insert stops at the first bad row without saying which',
  'TLS is on by default and the internal CA is not in the image',
];
const GOTCHAS_RU = [
  'по умолчанию ждёт 30 с — таймаут задаём явно',
  'сам повторяет POST, если не отключить ретраи',
  'молча выбрасывает сообщения больше 1 МБ',
  'держит пул соединений на процесс: 8 воркеров — 8 пулов',
  'после изменения схемы падает на закэшированных запросах до рестарта',
  'не знает внутренний CA (его нет в образе), и TLS не поднимается',
];
const AREAS_EN = ['authentication', 'the payment flow', 'search ranking', 'the admin UI', 'data exports', 'notifications', 'the public API', 'the nightly jobs', 'caching', 'the mobile endpoints'];
const AREAS_RU = ['авторизацию', 'платёжный поток', 'ранжирование поиска', 'админку', 'выгрузки', 'уведомления', 'публичное API', 'ночные задачи', 'кэширование'];
const CHOICES = [
  ['pino', 'logging', 'structured JSON at no cost', 'логов'], ['zod', 'input validation', 'types and runtime checks from one schema', 'проверки входных данных'],
  ['Flyway', 'migrations', 'the DBA team knows it', 'миграций'], ['Celery', 'background jobs', 'already running for the DWH', 'фоновых задач'],
  ['OpenTelemetry', 'tracing', 'Envoy speaks it', 'трассировки'], ['Playwright', 'end-to-end tests', 'one tool for all browsers', 'сквозных тестов'],
  ['pnpm', 'packages', 'disk space on CI', 'пакетов'], ['ruff', 'linting', 'it replaced three tools', 'линтинга'], ['Alembic', 'migrations', 'it is what SQLAlchemy uses', 'миграций на SQLAlchemy'],
  ['Temporal', 'long workflows', 'retries and timers for free', 'долгих процессов'], ['Grafana Loki', 'logs', 'same place as the metrics', 'хранения логов'],
] as const;
const WEEKDAYS_RU = ['понедельник', 'вторник', 'среду', 'четверг'];

function date(rand: Rand, from: number, to: number): string {
  const t = from + Math.floor(rand() * (to - from));
  return new Date(t).toISOString().slice(0, 10);
}
const D = (s: string): number => Date.parse(s + 'T00:00:00Z');

/** One templated sentence about project p; [kind, lang, text]. */
function sentence(rand: Rand, p: string): [Fact['kind'], Fact['lang'], string] {
  const [sys, defPort] = pick(rand, SYSTEMS);
  const host = pick(rand, HOSTS);
  const port = rand() < 0.5 ? defPort : defPort + 1 + Math.floor(rand() * 9);
  const who = pick(rand, PEOPLE);
  const ru = rand() < 0.34;
  const n = Math.floor(rand() * 9);
  if (ru) {
    switch (n) {
      case 0: return ['env', 'ru', `${p} ходит в ${sys} на ${host}.int.acme.net:${port}; из офиса доступа нет, только с app-хостов.`];
      case 1: return ['rule', 'ru', `В ${p}: ${pick(rand, RULES_RU)}.`];
      case 2: return ['gotcha', 'ru', `${p}: клиент ${sys} ${pick(rand, GOTCHAS_RU)}.`];
      case 3: return ['note', 'ru', `За ${pick(rand, AREAS_RU)} в ${p} отвечает ${who}; менять без неё/него не стоит.`];
      case 4: return ['env', 'ru', `Стейджинг ${p} — https://${p}.staging.acme.net, выкатывается на каждый мерж в ${pick(rand, BRANCHES)}.`];
      case 5: return ['decision', 'ru', `${p} не деплоим в ${pick(rand, WEEKDAYS_RU)} вечером после ${15 + Math.floor(rand() * 5)}:00 — релизный созвон у ${who}.`];
      case 6: return ['gotcha', 'ru', `Тесты ${p} падают локально, если не поднят ${sys} (порт ${port}); в CI он есть.`];
      case 7: return ['note', 'ru', `Дашборд ${p} в Grafana: папка «${p}», панель ${1 + Math.floor(rand() * 20)} — ошибки ${sys}.`];
      default: return ['env', 'ru', `Секреты ${p} лежат в Vault по пути secret/${p}/${pick(rand, ['prod', 'staging', 'ci'])}, токен выдаёт ${who}.`];
    }
  }
  switch (n) {
    case 0: return ['env', 'en', `${p} uses ${sys} on ${host}.int.acme.net:${port}; it is reachable only from the app network.`];
    case 1: return ['rule', 'en', `In ${p}: ${pick(rand, RULES_EN)}.`];
    case 2: return ['gotcha', 'en', `${p}: the ${sys} ${pick(rand, GOTCHAS_EN)}.`];
    case 3: return ['note', 'en', `${who} owns ${pick(rand, AREAS_EN)} in ${p}; ask before changing it.`];
    case 4: return ['env', 'en', `${p} staging is https://${p}.staging.acme.net, redeployed on every merge to ${pick(rand, BRANCHES)}.`];
    case 5: {
      const [tool, area, why] = pick(rand, CHOICES);
      return ['decision', 'en', `${p} uses ${tool} for ${area} (${why}).`];
    }
    case 6: return ['gotcha', 'en', `${p} tests fail locally without ${sys} on port ${port}; CI starts one.`];
    case 7: return ['note', 'en', `The ${p} on-call rotation is ${who} and ${pick(rand, PEOPLE.filter((x) => x !== who))} this quarter.`];
    default: return ['env', 'en', `${p} secrets live in Vault under secret/${p}/${pick(rand, ['prod', 'staging', 'ci'])}; ${who} issues the tokens.`];
  }
}

/** The user's habits, learned in some project, applying everywhere. */
function habit(rand: Rand): [Fact['kind'], Fact['lang'], string] {
  const ru = rand() < 0.34;
  const [tool, area, why, areaRu] = pick(rand, CHOICES);
  const n = Math.floor(rand() * 4);
  if (ru) {
    return [
      ['rule', 'ru', `Моё правило: ${pick(rand, RULES_RU)} — в любом проекте.`],
      ['decision', 'ru', `В новых проектах для ${areaRu} беру ${tool} — меньше ручной работы.`],
      ['note', 'ru', `Если сомневаешься про ${pick(rand, AREAS_RU)}, спроси ${pick(rand, PEOPLE)} — у неё/него контекст.`],
      ['rule', 'ru', `Не трогай ${pick(rand, AREAS_RU)} в пятницу — правило для всех репозиториев.`],
    ][n] as [Fact['kind'], Fact['lang'], string];
  }
  return [
    ['rule', 'en', `My rule everywhere: ${pick(rand, RULES_EN)}.`],
    ['decision', 'en', `When a project needs ${area}, I prefer ${tool} (${why}).`],
    ['note', 'en', `${pick(rand, PEOPLE)} is the person to ask about ${pick(rand, AREAS_EN)} across our projects.`],
    ['rule', 'en', `No changes to ${pick(rand, AREAS_EN)} on Fridays, in any repository.`],
  ][n] as [Fact['kind'], Fact['lang'], string];
}

/** n facts of `projects` (15% of them the user's global habits), ids `<prefix>-NNNN`. */
export function fillerFacts(rand: Rand, projects: readonly string[], prefix: string, n: number): Fact[] {
  const out: Fact[] = [];
  const seen = new Set<string>();
  while (out.length < n) {
    const p = pick(rand, projects);
    const global = rand() < 0.15;
    const [kind, lang, text] = global ? habit(rand) : sentence(rand, p);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({
      id: `${prefix}-${String(out.length + 1).padStart(4, '0')}`,
      text,
      kind,
      scope: global ? 'global' : ACME(p),
      lang,
      date: date(rand, D('2024-03-01'), D('2026-09-01')),
      learned_in: ACME(p),
    });
  }
  return out;
}

// Parts of the task repos that older sessions talked about; nothing here touches a task's fact.
const PARTS: Record<string, { en: string[]; ru: string[] }> = {
  'orders-api': {
    en: ['the status router', 'src/validate.js', 'the order list endpoint', 'the in-process store', 'the access log', 'test/helpers.js', 'the 409 on status moves', 'graceful shutdown', 'the totals module', 'the migrate script'],
    ru: ['роутер статусов', 'валидацию заказа', 'список заказов', 'хранилище в памяти', 'журнал запросов', 'помощники тестов', 'ответ 409', 'расчёт сумм', 'скрипт миграций'],
  },
  'ledger-etl': {
    en: ['the CSV reader', 'parse_amount', 'the merchant report', 'read_merchants', 'the CLI argument parsing', 'the tests helpers', 'the sample export', 'format_amount', 'the report writer'],
    ru: ['чтение CSV', 'разбор сумм', 'отчёт по мерчантам', 'справочник мерчантов', 'аргументы CLI', 'тестовые помощники', 'пример выгрузки', 'форматирование сумм'],
  },
  'platform-infra': {
    en: ['the inventory', 'deploy.sh', 'the upstreams file', 'check_env.py', 'the billing-api unit', 'the TLS snippet', 'tests/run.sh', 'the orders site config', 'check_cron.py'],
    ru: ['инвентарь хостов', 'deploy.sh', 'апстримы nginx', 'проверку env-файлов', 'юнит billing-api', 'TLS-сниппет', 'tests/run.sh', 'конфиг сайта orders', 'проверку cron'],
  },
};
const HISTORY_EN = [
  (x: string, w: string) => [`note`, `Refactored ${x} with ${w}; behaviour unchanged, the tests were the spec.`],
  (x: string, w: string) => [`gotcha`, `${x} broke once when ${w} renamed a field; grep the tests before renaming anything there.`],
  (x: string, w: string) => [`decision`, `Kept ${x} deliberately simple after a review with ${w}: no framework, plain standard library.`],
  (x: string, w: string) => [`note`, `${w} asked for better messages from ${x}; done, each error is one sentence now.`],
  (x: string, w: string) => [`rule`, `Changes to ${x} need a test in the same commit (agreed with ${w}).`],
  (x: string, w: string) => [`note`, `${x} was profiled with ${w}: not a hot path, do not optimise it.`],
] as const;
// the Russian parts are in the accusative, so every template takes them as an object
const HISTORY_RU = [
  (x: string, w: string) => [`note`, `Переписали ${x} вместе с ${w}; поведение то же, тесты — спецификация.`],
  (x: string, w: string) => [`gotcha`, `Однажды сломали ${x}, когда ${w} переименовал(а) поле; перед переименованием смотри тесты.`],
  (x: string, w: string) => [`decision`, `Решили с ${w} не усложнять ${x}: только стандартная библиотека.`],
  (x: string, w: string) => [`rule`, `Кто меняет ${x}, добавляет тест в том же коммите (договорились с ${w}).`],
] as const;

/** Older facts of a task repo (scope repo:<name>), dated before anything the tasks need. */
export function oldRepoFacts(rand: Rand, name: string, n: number): Fact[] {
  const parts = PARTS[name];
  if (!parts) throw new Error(`no parts for ${name}`);
  const out: Fact[] = [];
  const seen = new Set<string>();
  let guard = 0;
  while (out.length < n) {
    if (++guard > n * 200) throw new Error(`${name}: templates cannot give ${n} distinct facts`);
    const ru = rand() < 0.34;
    const who = pick(rand, PEOPLE);
    const when = date(rand, D('2024-01-10'), D('2025-09-01'));
    const [kind, body] = ru ? pick(rand, HISTORY_RU)(pick(rand, parts.ru), who) : pick(rand, HISTORY_EN)(pick(rand, parts.en), who);
    // a session note carries its month, as notes written over a year do
    const text = `${body} (${when.slice(0, 7)})`;
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({
      id: `o-${name}-${String(out.length + 1).padStart(4, '0')}`,
      text,
      kind: kind as Fact['kind'],
      scope: `repo:${name}`,
      lang: ru ? 'ru' : 'en',
      date: when,
      learned_in: name,
    });
  }
  return out;
}

// Deterministic synthetic facts for benchmarks: a Zipf-distributed mixed English/Russian vocabulary
// (function words, a core of engineering words, then a long tail of real words from the Snowball vocabularies) with
// identifiers, so term frequencies look like a real memory rather than uniform noise.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { seeded } from './seeded.js';

// Snowball's vocabularies as the repository keeps them (test/fixtures/snowball): a fresh clone benchmarks too.
const SNOWBALL = fileURLToPath(new URL('../test/fixtures/snowball/', import.meta.url));
const TAIL_WORDS = 4000;

const EN_CORE = 'deploy server build cache token timeout staging production database migration index query latency queue worker retry config secret proxy gateway container image registry branch release review lint test flaky mock fixture schema backup restore replica shard cluster node pod ingress certificate domain dns port firewall bastion ssh key user group role permission policy budget alert metric dashboard log trace span sample error warning panic crash memory disk cpu thread lock mutex deadlock race signal socket http grpc json yaml toml env variable path binary package version upgrade rollback hotfix incident postmortem owner team meeting decision rule gotcha workaround bug feature flag experiment cohort customer invoice payment refund email template render layout component style theme font icon'.split(' ');
const RU_CORE = 'сервер сборка кэш токен таймаут стенд продакшен база миграция индекс запрос задержка очередь воркер повтор конфиг секрет прокси шлюз контейнер образ реестр ветка релиз ревью тест мок схема бэкап реплика кластер узел домен порт доступ ключ пользователь группа роль право бюджет алерт метрика журнал ошибка память диск поток блокировка сигнал сокет переменная путь пакет версия откат инцидент владелец команда решение правило ловушка обход фича флаг клиент счет платеж возврат письмо шаблон'.split(' ');
// As in real text, function words head the frequency ranking; engineering words come next, then
// the long tail. (The query side drops function words, as memcue search does.)
const EN_FUNCTION = 'the a to is of and in for on with be it that not this by from at as use when'.split(' ');
const RU_FUNCTION = 'и в не на с что по для это как при из до а от или но только если так'.split(' ');
const EN = [...EN_FUNCTION, ...EN_CORE, ...tail('english')];
const RU = [...RU_FUNCTION, ...RU_CORE, ...tail('russian')];
const IDS = ['api-gw', 'PKG_CONFIG_PATH', 'src/gen', 'v5.4', 'build-01', 'redis-7', 'node_modules', 'ci.yml', 'k8s', 's3'];

/** Every n-th word of the reference vocabulary: real words of every frequency, deterministic. */
function tail(language: string): string[] {
  const words = gunzipSync(readFileSync(join(SNOWBALL, language, 'voc.txt.gz'))).toString('utf8').split('\n').filter((w) => w.length > 3);
  const step = Math.max(1, Math.floor(words.length / TAIL_WORDS));
  return words.filter((_, i) => i % step === 0).slice(0, TAIL_WORDS);
}

function zipfPick<T>(items: T[], random: () => number): T {
  // Rank r is chosen with probability ~ 1/r.
  const r = Math.floor(Math.exp(random() * Math.log(items.length + 1))) - 1;
  return items[Math.min(r, items.length - 1)]!;
}

export function generateFacts(count: number, seed: number): { text: string; kind: string }[] {
  const random = seeded(seed);
  const kinds = ['rule', 'decision', 'gotcha', 'env', 'note'];
  const facts = [];
  for (let i = 0; i < count; i++) {
    const russian = random() < 0.5;
    const words = russian ? RU : EN;
    const length = 8 + Math.floor(random() * 14);
    const parts: string[] = [];
    for (let w = 0; w < length; w++) parts.push(random() < 0.06 ? IDS[Math.floor(random() * IDS.length)]! : zipfPick(words, random));
    parts.push(`n${i}`); // a unique marker, like the host or ticket numbers real facts carry
    facts.push({ text: parts.join(' '), kind: kinds[Math.floor(random() * kinds.length)]! });
  }
  return facts;
}

/** Queries of 2–5 words drawn from random facts (as an agent would phrase what it looks for). */
export function generateQueries(facts: { text: string }[], count: number, seed: number): string[] {
  const random = seeded(seed);
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const words = facts[Math.floor(random() * facts.length)]!.text.split(' ');
    const n = 2 + Math.floor(random() * 4);
    const picked = Array.from({ length: n }, () => words[Math.floor(random() * words.length)]!);
    queries.push(picked.join(' '));
  }
  return queries;
}

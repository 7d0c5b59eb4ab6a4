// Hand-written facts of the user's other projects: the global facts some tasks need, learned in
// another repository, and near misses — the same system in another project with another value, which
// a memory that cannot tell projects apart will serve instead of the right one.

export interface Fact {
  id: string;
  text: string;
  kind: 'rule' | 'decision' | 'gotcha' | 'env' | 'note';
  scope: string;
  lang: 'en' | 'ru';
  date: string;
  learned_in: string;
}

export const ACME = (name: string): string => `repo:github.com/acme/${name}`;

type Row = [id: string, kind: Fact['kind'], lang: Fact['lang'], date: string, learnedIn: string, text: string];

/** scope is global when `global` is set, else the project the fact was learned in. */
function facts(rows: Row[], global: boolean): Fact[] {
  return rows.map(([id, kind, lang, date, learnedIn, text]) => ({
    id,
    text,
    kind,
    scope: global ? 'global' : learnedIn,
    lang,
    date,
    learned_in: learnedIn,
  }));
}

// The user's own rules and decisions, learned elsewhere; tasks in this set need them.
export const HAND_DISTRACTORS: Fact[] = facts([
  ['g-migration-down-step', 'rule', 'en', '2026-03-24', ACME('billing-ui'), 'Never add a migration without a down step: every migrations/NNN_name.up.sql ships with NNN_name.down.sql that undoes exactly it. A rollback at 3 a.m. without one cost us a night.'],
  ['g-bankers-rounding', 'decision', 'ru', '2026-02-03', ACME('billing-ui'), 'Денежные суммы в отчётах для бухгалтерии округляем до копейки банковским округлением (половину — к чётному, ROUND_HALF_EVEN), во всех проектах: так считает их 1С.'],
  ['g-dry-run-rule', 'rule', 'en', '2026-04-30', ACME('data-warehouse'), 'My rule for every ops script: it supports DRY_RUN=1, which prints each command that would change something (ssh, scp, systemctl, rm...) instead of running it, and exits 0.'],
  ['g-small-prs', 'rule', 'en', '2025-11-12', ACME('billing-ui'), 'Keep changes small: one concern per commit, and say in the message why, not what.'],
  ['g-answer-lang', 'rule', 'ru', '2025-10-02', ACME('support-bot'), 'Отвечай мне на том языке, на котором я написал задачу; комментарии в коде — по-английски.'],
  ['g-no-force-push', 'rule', 'en', '2025-12-05', ACME('auth-service'), 'Never force-push to main or release branches, in any repo.'],
  ['g-tests-first-bug', 'rule', 'en', '2026-01-19', ACME('billing-api'), 'For every bug I report: first a test that fails, then the fix.'],
  ['g-utc-storage', 'decision', 'en', '2025-09-30', ACME('data-warehouse'), 'Store timestamps in UTC everywhere; convert to a local zone only when presenting.'],
], true);

// Near misses: same system, another project, another value.
export const NEAR_MISSES: Fact[] = facts([
  ['nm-statsd-eu', 'env', 'en', '2026-05-06', ACME('mobile-api'), 'mobile-api runs in the EU cluster and sends statsd to metrics-eu.int.acme.net:8125 (UDP), not to the main metrics host.'],
  ['nm-statsd-tcp', 'env', 'en', '2026-02-11', ACME('data-warehouse'), 'Airflow workers send metrics over TCP to the statsd relay at metrics.int.acme.net:8126; UDP from the DWH subnet is dropped.'],
  ['nm-statsd-old', 'note', 'en', '2025-06-14', ACME('billing-api'), 'The old statsd.int.acme.net:8125 was decommissioned in June 2025; billing-api was the last service moved off it.'],
  ['nm-staging-db-kz', 'env', 'en', '2026-04-02', ACME('kz-ledger'), 'kz-ledger staging Postgres is db-stg-02.int.acme.net:5434 (its own cluster, Kazakhstan data stays separate).'],
  ['nm-staging-db-billing', 'env', 'ru', '2026-03-17', ACME('billing-api'), 'Стейджинг billing-api ходит в БД через pgbouncer на db-stg-01:6432, а не напрямую.'],
  ['nm-cron-dash', 'gotcha', 'en', '2026-01-28', ACME('growth-dash'), 'dash-01 is the one host whose clock and cron run in Europe/Moscow (set up by the analytics team); do not convert times there.'],
  ['nm-rounding-kz', 'decision', 'en', '2026-04-02', ACME('kz-ledger'), 'kz-ledger rounds tenge amounts half-up: that is what the Kazakh tax forms expect.'],
  ['nm-rounding-ui', 'decision', 'ru', '2025-12-09', ACME('billing-ui'), 'В интерфейсе billing-ui суммы показываем с округлением до рубля вверх — только отображение, в отчётах копейки.'],
  ['nm-trace-auth', 'note', 'en', '2025-08-19', ACME('auth-service'), 'auth-service still sits behind the old nginx, which sets X-Request-Id; it will move behind Envoy later.'],
  ['nm-trace-mobile', 'note', 'ru', '2026-05-06', ACME('mobile-api'), 'В mobile-api клиентские приложения сами шлют X-Client-Trace, его пишем в логи рядом с id шлюза.'],
  ['nm-registry-dwh', 'env', 'en', '2026-02-11', ACME('data-warehouse'), 'The data team pushes its own images to registry.int.acme.net:5001 (a separate registry with longer retention); pulls of base images still go through the mirror.'],
  ['nm-registry-ci', 'gotcha', 'en', '2025-11-21', ACME('billing-ui'), 'billing-ui CI builds on GitHub-hosted runners, which can pull from Docker Hub; only the deploy hosts cannot.'],
  ['nm-migrations-goose', 'decision', 'en', '2025-10-14', ACME('billing-api'), 'billing-api migrations are goose files with -- +goose Up / -- +goose Down sections in one file.'],
  ['nm-logs-billing', 'decision', 'ru', '2026-04-14', ACME('billing-api'), 'Логи billing-api храним 8 недель — требование аудита, согласовано с юристами отдельно.'],
  ['nm-logs-dwh', 'rule', 'en', '2026-02-20', ACME('data-warehouse'), 'DWH job logs are kept 90 days: they contain no personal data, only row counts.'],
  ['nm-ports-notify', 'env', 'en', '2026-06-18', ACME('notify-svc'), 'notify-svc runs on notify-01 on port 9102, its own host; nothing of it is on the app hosts.'],
  ['nm-ports-exporter', 'note', 'en', '2025-09-03', ACME('growth-dash'), 'On dash-01 node_exporter listens on 9100, so growth-dash uses 8050.'],
  ['nm-alert-support', 'env', 'en', '2026-03-03', ACME('support-bot'), 'support-bot alerts go to the support-tg receiver (the support team chat), not to on-call.'],
  ['nm-alert-dwh', 'gotcha', 'ru', '2026-02-20', ACME('data-warehouse'), 'Алерты DWH шлём с severity: warning в канал data-alerts — будить дежурного из-за упавшей выгрузки нельзя.'],
  ['nm-allow-admin', 'env', 'en', '2026-01-16', ACME('billing-ui'), 'The billing-ui admin vhost allows only the office VPN 172.20.0.0/16; even servers do not need it.'],
  ['nm-allow-partner', 'env', 'en', '2026-06-25', ACME('partner-gw'), 'partner-gw must accept the partner tunnels 10.200.0.0/16 and nothing else.'],
  ['nm-csv-dwh', 'decision', 'en', '2026-02-20', ACME('data-warehouse'), 'DWH exports are comma-separated UTF-8 without BOM: Airflow loads them, no human opens them in Excel.'],
  ['nm-csv-kz', 'gotcha', 'ru', '2026-04-03', ACME('kz-ledger'), 'Казахстанская бухгалтерия работает в Google Sheets: CSV им отдаём с запятой-разделителем и точкой в дробях.'],
  ['nm-rates-kz', 'note', 'en', '2026-04-02', ACME('kz-ledger'), 'kz-ledger uses National Bank of Kazakhstan rates, which are published on Saturdays too; only Sunday falls back to Saturday.'],
  ['nm-rates-ecb', 'decision', 'en', '2025-12-01', ACME('billing-api'), 'billing-api invoices EU customers at the ECB reference rate of the invoice date.'],
  ['nm-commission-kz', 'decision', 'en', '2026-04-02', ACME('kz-ledger'), 'In Kazakhstan our commission is a flat 2.9% for every merchant category.'],
  ['nm-commission-old', 'note', 'ru', '2024-12-20', ACME('billing-api'), 'До 2025 года комиссия для всех была 2.2%; в старых счетах billing-api это ещё видно.'],
  ['nm-qa-merchants-kz', 'gotcha', 'en', '2026-04-03', ACME('kz-ledger'), 'Kazakh test merchants are named QA-KZ-* and live only in the staging export.'],
  ['nm-done-marker-dwh', 'env', 'en', '2026-02-12', ACME('data-warehouse'), 'Partner drops to the DWH bucket write a _SUCCESS object when complete (Hadoop style).'],
  ['nm-bom-support', 'note', 'ru', '2026-03-04', ACME('support-bot'), 'Выгрузки для поддержки — XLSX, не CSV: им так удобнее фильтровать.'],
  ['nm-ios-billing', 'note', 'en', '2026-05-20', ACME('mobile-api'), 'mobile-api v2 endpoints are parsed by the new iOS networking layer, which accepts fractional seconds.'],
  ['nm-null-web', 'note', 'ru', '2026-06-19', ACME('billing-ui'), 'Веб-витрине null в JSON не мешает: отображает пусто.'],
  ['nm-signature-stripe', 'note', 'en', '2025-11-02', ACME('billing-api'), 'Stripe webhooks: Stripe-Signature header "t=<ts>,v1=<hex HMAC-SHA256 of ts.body>" with the endpoint secret; allow 5 minutes of clock skew.'],
  ['nm-signature-kaspi', 'note', 'ru', '2026-05-30', ACME('kz-ledger'), 'Колбэки Kaspi подписаны hex HMAC-SHA256 тела в заголовке X-Kaspi-Signature.'],
  ['nm-discount-ui', 'decision', 'en', '2026-07-01', ACME('billing-ui'), 'billing-ui shows discounts rounded to whole roubles; the back end numbers are per line in cents.'],
  ['nm-timezone-support', 'decision', 'en', '2026-03-03', ACME('support-bot'), 'support-bot shows times in the customer’s own zone, taken from the profile.'],
], false);

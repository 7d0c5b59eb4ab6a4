#!/usr/bin/env bash
# Applies migrations/*.up.sql in name order to an sqlite file, each once (tracked in schema_migrations).
set -euo pipefail
db="${1:?usage: migrate.sh DB_FILE}"
dir="$(cd "$(dirname "$0")/../migrations" && pwd)"
sqlite3 "$db" "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY);"
for f in "$dir"/*.up.sql; do
  name="$(basename "$f" .up.sql)"
  done_already="$(sqlite3 "$db" "SELECT count(*) FROM schema_migrations WHERE name = '$name';")"
  if [ "$done_already" = "0" ]; then
    { echo "BEGIN;"; cat "$f"; echo "INSERT INTO schema_migrations(name) VALUES ('$name');"; echo "COMMIT;"; } | sqlite3 "$db"
    echo "applied $name"
  fi
done

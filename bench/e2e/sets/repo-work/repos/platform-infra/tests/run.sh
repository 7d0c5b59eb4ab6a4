#!/usr/bin/env bash
# Runs every static check; exits non-zero if any fails.
set -u
cd "$(dirname "$0")/.."
rc=0
for t in tests/check_*.py; do
  if python3 "$t"; then echo "ok   $t"; else echo "FAIL $t"; rc=1; fi
done
for s in scripts/*.sh; do bash -n "$s" || { echo "FAIL bash -n $s"; rc=1; }; done
exit $rc

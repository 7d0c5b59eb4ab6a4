#!/usr/bin/env bash
# deploy.sh SERVICE: ship the env file and unit of SERVICE to every app host and restart it there.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
svc="${1:?usage: deploy.sh SERVICE}"
hosts=$(awk '/^\[app\]/{on=1;next} /^\[/{on=0} on && NF{print $1}' "$root/hosts/inventory.ini")
for h in $hosts; do
  echo "== $h"
  scp "$root/envs/prod/$svc.env" "$h:/etc/acme/$svc.env"
  scp "$root/systemd/$svc.service" "$h:/etc/systemd/system/$svc.service"
  ssh "$h" "sudo systemctl daemon-reload && sudo systemctl restart $svc"
done

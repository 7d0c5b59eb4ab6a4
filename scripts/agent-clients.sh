#!/bin/sh
# Installs the real agent clients that test/agents/clients.test.ts runs, each at the version the
# README names, into $MEMCUE_AGENT_CLIENTS/<name> (default ~/.cache/memcue/agent-clients), outside
# the project's dependencies. A client already there at that version is left alone.
#   sh scripts/agent-clients.sh [claude] [codex] [gemini] [opencode]     (default: all four)
set -eu
dir="${MEMCUE_AGENT_CLIENTS:-$HOME/.cache/memcue/agent-clients}"
[ $# -gt 0 ] || set -- claude codex gemini opencode
for name in "$@"; do
  case "$name" in
    claude) pkg=@anthropic-ai/claude-code@2.1.332 ;;
    codex) pkg=@openai/codex@0.171.0 ;;
    gemini) pkg=@google/gemini-cli@0.61.0 ;;
    opencode) pkg=opencode-ai@1.18.33 ;;
    *) echo "agent-clients: unknown client $name (claude, codex, gemini, opencode)" >&2; exit 1 ;;
  esac
  mkdir -p "$dir/$name"
  if [ "$(cat "$dir/$name/.installed" 2>/dev/null || true)" = "$pkg" ]; then continue; fi
  [ -f "$dir/$name/package.json" ] || echo '{"private": true}' > "$dir/$name/package.json"
  (cd "$dir/$name" && npm install --no-audit --no-fund --loglevel=error "$pkg" >/dev/null)
  echo "$pkg" > "$dir/$name/.installed"
  echo "agent-clients: $pkg in $dir/$name"
done

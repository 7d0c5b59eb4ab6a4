#!/bin/sh
# Installs the memcue binary for this OS and CPU from the project's GitHub releases into
# ~/.local/bin (or $MEMCUE_BIN_DIR), after checking it against the release's SHA256SUMS.
#   curl -fsSL https://github.com/memcue/memcue/releases/latest/download/install.sh | sh
# Settings: MEMCUE_REPO (owner/name), MEMCUE_VERSION (e.g. 0.1.0; default latest),
# MEMCUE_BIN_DIR, MEMCUE_DOWNLOAD_BASE (a mirror or file:// folder holding the release assets).
set -eu

repo="${MEMCUE_REPO:-memcue/memcue}"
version="${MEMCUE_VERSION:-latest}"
bin_dir="${MEMCUE_BIN_DIR:-$HOME/.local/bin}"
if [ -n "${MEMCUE_DOWNLOAD_BASE:-}" ]; then
  base="$MEMCUE_DOWNLOAD_BASE"
elif [ "$version" = latest ]; then
  base="https://github.com/$repo/releases/latest/download"
else
  base="https://github.com/$repo/releases/download/v$version"
fi

fail() { echo "memcue install: $*" >&2; exit 1; }

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  MINGW* | MSYS* | CYGWIN*) os=windows ;;
  *) fail "unsupported OS $(uname -s); build from source: npm ci && npm run build:bin" ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) fail "unsupported CPU $(uname -m); build from source: npm ci && npm run build:bin" ;;
esac
asset="memcue-$os-$arch"
exe=memcue
if [ "$os" = windows ]; then asset="$asset.exe"; exe=memcue.exe; fi

download() { # url file
  if command -v curl >/dev/null 2>&1; then curl -fsSL "$1" -o "$2"
  elif command -v wget >/dev/null 2>&1; then wget -qO "$2" "$1"
  else fail "need curl or wget"; fi
}
sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then shasum -a 256 "$1" | cut -d' ' -f1
  else fail "need sha256sum or shasum to verify the download"; fi
}

tmp=$(mktemp -d 2>/dev/null || mktemp -d -t memcue)
trap 'rm -rf "$tmp"' EXIT INT TERM
download "$base/$asset" "$tmp/$asset" || fail "could not download $base/$asset"
download "$base/SHA256SUMS" "$tmp/SHA256SUMS" || fail "could not download $base/SHA256SUMS"
expected=$(awk -v a="$asset" '$2 == a { print $1 }' "$tmp/SHA256SUMS")
[ -n "$expected" ] || fail "$asset is not listed in SHA256SUMS"
actual=$(sha256 "$tmp/$asset")
[ "$expected" = "$actual" ] || fail "checksum mismatch for $asset (expected $expected, got $actual); nothing installed"

mkdir -p "$bin_dir"
chmod +x "$tmp/$asset"
mv "$tmp/$asset" "$bin_dir/$exe"
echo "installed $("$bin_dir/$exe" --version 2>/dev/null || echo memcue) to $bin_dir/$exe"
case ":$PATH:" in
  *":$bin_dir:"*) ;;
  *) echo "add $bin_dir to your PATH, e.g.: echo 'export PATH=\"$bin_dir:\$PATH\"' >> ~/.profile" ;;
esac

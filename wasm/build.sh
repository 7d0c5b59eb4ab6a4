#!/usr/bin/env bash
# Rebuilds wasm/sqlite3.{mjs,wasm}: SQLite (the amalgamation npm publishes inside better-sqlite3)
# compiled with Debian's emscripten, FTS5 on, everything memcue does not use left out so the module
# compiles fast at start-up. Needs: apt-get install emscripten.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
SQLITE_PKG=better-sqlite3@12.11.1          # ships deps/sqlite3/sqlite3.c = SQLite 3.53.2
SQLITE_SHA256=$(cat "$here/sqlite3.c.sha256")
# Debian's emscripten needs its JS tools (acorn, terser) from the system node path.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "$SQLITE_PKG" >/dev/null && tar xzf ./*.tgz package/deps/sqlite3/sqlite3.c)
src="$work/package/deps/sqlite3/sqlite3.c"
echo "$SQLITE_SHA256  $src" | sha256sum -c --quiet
# INITIAL_MEMORY 2 MiB (the stack and static data take 1.1 MiB; the memory grows as SQLite needs):
# JavaScriptCore counts the whole WASM memory as allocated by the process, and 16 MiB of it made
# every add collect garbage once, ~4 % of its CPU (docs/add-cost.md). An add at 5k or 100k facts
# stays within 2 MiB. (The committed sqlite3.wasm had this one field set in its memory section from
# 256 pages to 32, as this line now builds it.)
emcc "$src" \
  -Oz -flto \
  -DSQLITE_ENABLE_FTS5 \
  -DSQLITE_THREADSAFE=0 \
  -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_OMIT_DEPRECATED -DSQLITE_OMIT_SHARED_CACHE \
  -DSQLITE_OMIT_PROGRESS_CALLBACK -DSQLITE_OMIT_DECLTYPE -DSQLITE_OMIT_AUTOINIT \
  -DSQLITE_OMIT_UTF16 -DSQLITE_OMIT_WAL -DSQLITE_OMIT_TCL_VARIABLE -DSQLITE_OMIT_COMPLETE \
  -DSQLITE_OMIT_JSON -DSQLITE_OMIT_DATETIME_FUNCS -DSQLITE_OMIT_INTROSPECTION_PRAGMAS \
  -DSQLITE_OMIT_GET_TABLE -DSQLITE_OMIT_TRACE -DSQLITE_OMIT_COMPILEOPTION_DIAGS -DSQLITE_OMIT_AUTHORIZATION \
  -DSQLITE_OMIT_BLOB_LITERAL -DSQLITE_MAX_MMAP_SIZE=0 -DSQLITE_UNTESTABLE \
  -DSQLITE_DEFAULT_MEMSTATUS=0 -DSQLITE_DQS=0 -DSQLITE_LIKE_DOESNT_MATCH_BLOBS \
  -DSQLITE_MAX_EXPR_DEPTH=0 -DSQLITE_USE_ALLOCA -DSQLITE_DEFAULT_FOREIGN_KEYS=1 \
  -DSQLITE_TEMP_STORE=3 -DSQLITE_DEFAULT_SYNCHRONOUS=2 \
  -sNODERAWFS=1 -sENVIRONMENT=node -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=loadSqlite \
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=2097152 -sTOTAL_STACK=1048576 \
  -sINCOMING_MODULE_JS_API=wasmBinary,locateFile \
  -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0 --extern-pre-js "$here/esm-shim.js" \
  -sEXPORTED_FUNCTIONS=@"$here/exports.txt" \
  -sEXPORTED_RUNTIME_METHODS=stringToUTF8,UTF8ToString,lengthBytesUTF8,HEAPU8,HEAP32 \
  -o "$here/sqlite3.mjs"
ls -l "$here/sqlite3.mjs" "$here/sqlite3.wasm"
(cd "$here/.." && npx bun scripts/wasm-syscalls.ts)   # the import keys src/sqlite/file-syscalls.ts reroutes

// Types for the Emscripten glue that wasm/build.sh generates (only what src/store/sqlite.ts uses).
export interface SqliteModule {
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  stringToUTF8(str: string, ptr: number, maxBytes: number): void;
  UTF8ToString(ptr: number, maxBytes?: number): string;
  lengthBytesUTF8(str: string): number;
  [exported: `_${string}`]: (...args: number[]) => number;
}
export default function loadSqlite(options?: { wasmBinary?: Uint8Array }): Promise<SqliteModule>;

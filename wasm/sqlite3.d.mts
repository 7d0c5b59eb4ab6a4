// Types for the Emscripten glue that wasm/build.sh generates: the C functions in wasm/exports.txt.
export interface SqliteModule {
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  stringToUTF8(str: string, ptr: number, maxBytes: number): void;
  UTF8ToString(ptr: number, maxBytes?: number): string;
  lengthBytesUTF8(str: string): number;
  _malloc(...args: number[]): number;
  _free(...args: number[]): number;
  _sqlite3_open_v2(...args: number[]): number;
  _sqlite3_close_v2(...args: number[]): number;
  _sqlite3_errmsg(...args: number[]): number;
  _sqlite3_extended_errcode(...args: number[]): number;
  _sqlite3_exec(...args: number[]): number;
  _sqlite3_prepare_v2(...args: number[]): number;
  _sqlite3_finalize(...args: number[]): number;
  _sqlite3_reset(...args: number[]): number;
  _sqlite3_clear_bindings(...args: number[]): number;
  _sqlite3_step(...args: number[]): number;
  _sqlite3_bind_text(...args: number[]): number;
  _sqlite3_bind_int(...args: number[]): number;
  _sqlite3_bind_double(...args: number[]): number;
  _sqlite3_bind_null(...args: number[]): number;
  _sqlite3_bind_parameter_index(...args: number[]): number;
  _sqlite3_column_count(...args: number[]): number;
  _sqlite3_column_name(...args: number[]): number;
  _sqlite3_column_type(...args: number[]): number;
  _sqlite3_column_text(...args: number[]): number;
  _sqlite3_column_bytes(...args: number[]): number;
  _sqlite3_column_int(...args: number[]): number;
  _sqlite3_column_double(...args: number[]): number;
  _sqlite3_changes(...args: number[]): number;
  _sqlite3_busy_timeout(...args: number[]): number;
  _sqlite3_initialize(...args: number[]): number;
}
export interface LoadOptions {
  wasmBinary?: Uint8Array;
  /** Emscripten's hook: instantiate an already compiled module with `imports`, then call `receive`. */
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object;
}
export default function loadSqlite(options?: LoadOptions): Promise<SqliteModule>;

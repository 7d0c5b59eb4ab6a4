// The compiled binary starts with JavaScriptCore's JIT made reluctant (scripts/build-bin.ts:
// --compile-jit-policy), which saves a short command the compiling it would never profit from.
// Work that loops over every fact gets the normal policy back.
export function restoreJit(): void {
  const bun = (globalThis as { Bun?: { unsafe?: { setJITPolicy?: (scale: number) => void } } }).Bun;
  bun?.unsafe?.setJITPolicy?.(1);
}

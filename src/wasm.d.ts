// Bun's `with { type: 'file' }` import of the WASM gives the path of the embedded copy.
declare module '*.wasm' {
  const path: string;
  export default path;
}

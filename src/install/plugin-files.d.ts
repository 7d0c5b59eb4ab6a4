// Bun's `with { type: 'file' }` import of a plugin file gives the path of the embedded copy.
declare module '*.py' {
  const path: string;
  export default path;
}
declare module '*.yaml' {
  const path: string;
  export default path;
}

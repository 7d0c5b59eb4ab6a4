// Bun's `with { type: 'text' }` import of a page or style gives its text (see embedded-assets.ts).
declare module '*.html' {
  const text: string;
  export default text;
}
declare module '*.css' {
  const text: string;
  export default text;
}

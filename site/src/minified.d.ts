// A script imported as its minified text (vite.config.ts `minifiedScripts`).
declare module '*.js?minified' {
  const text: string;
  export default text;
}

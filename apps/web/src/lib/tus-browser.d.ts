// tus-js-client's browser build has no types of its own: they are the package's (lib/index.d.ts).
declare module 'tus-js-client/lib.esm/browser/index.js' {
  export * from 'tus-js-client';
}

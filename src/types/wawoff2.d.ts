// `wawoff2` (Google's woff2 compiled to WebAssembly) ships no type declarations.
declare module 'wawoff2/decompress' {
  /** The WOFF2 file as a plain sfnt (TrueType/OpenType); rejects when it cannot be decoded. */
  function decompress(woff2: Uint8Array): Promise<Uint8Array>;
  export = decompress;
}

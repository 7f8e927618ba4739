// The `linebreak` package (UAX #14) ships no type declarations.
declare module 'linebreak' {
  interface Break {
    position: number;
    required: boolean;
  }
  class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
  export = LineBreaker;
}

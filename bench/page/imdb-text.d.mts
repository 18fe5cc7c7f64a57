// Types of imdb-text.mjs for the TypeScript that imports it (tests/e2e/run-end-solve.test.ts).
/** An IMDB-shaped review set as `label<TAB>text` lines with a header, seeded. */
export function imdbText(options?: {
  reviews?: number;
  vocabulary?: number;
  seed?: number;
}): string;

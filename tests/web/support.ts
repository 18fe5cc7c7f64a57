// Shared by the Node tests of the web modules (and the dataset review CSV by the browser
// tests): the real wasm module loaded from web/src/wasm-build, and small deterministic
// review corpora. Not a test file itself (the runner's glob is *.test.ts).
import { readFileSync } from 'node:fs';
import type { ClslabModule } from '../../wasm/clslab.d.ts';

const wasmUrl = new URL('../../web/src/wasm-build/clslab.wasm', import.meta.url);
const glueUrl = new URL('../../web/src/wasm-build/clslab.js', import.meta.url);

/** A fresh instance of the built module (what the worker's loadModule does in a page). */
export async function loadModule(): Promise<ClslabModule> {
  const { default: createClslab } = (await import(glueUrl.href)) as {
    default: (options: { wasmBinary: Uint8Array }) => Promise<ClslabModule>;
  };
  return createClslab({ wasmBinary: readFileSync(wasmUrl) });
}

/** A small labelled corpus in the built-in `1|0<TAB>text` format: clearly polar words,
 *  neutral filler, alternating labels, deterministic. Large enough for a test split and
 *  min_count. */
export function corpus(reviews: number): string {
  const positive = ['great', 'wonderful', 'moving', 'superb', 'delightful'];
  const negative = ['awful', 'boring', 'dull', 'terrible', 'clumsy'];
  const neutral = ['the', 'film', 'plot', 'actor', 'scene', 'story', 'was', 'and', 'a', 'it'];
  const lines: string[] = [];
  for (let i = 0; i < reviews; i++) {
    const label = i % 2;
    const polar = label === 1 ? positive : negative;
    const words = [0, 1, 2, 3, 4, 5].map((k) => neutral[(i * 7 + k * 3) % neutral.length]);
    words.splice((i * 5) % words.length, 0, polar[(i * 3) % polar.length] as string);
    lines.push(`${label}\t${words.join(' ')}`);
  }
  return lines.join('\n') + '\n';
}

/** A balanced CSV with an id, a short title ("Good title 0"), a review and 1-5 stars:
 *  the text column must be chosen, and the stars are a label column. */
export function reviewsCsv(rows: number): string {
  const positive = ['great', 'wonderful', 'moving', 'superb'];
  const negative = ['awful', 'boring', 'dull', 'terrible'];
  const filler = ['the', 'film', 'plot', 'actor', 'scene', 'story', 'was', 'and'];
  const lines = ['id,title,review,stars'];
  for (let i = 0; i < rows; i++) {
    const good = i % 2 === 0;
    const words = [0, 1, 2, 3, 4].map((k) => filler[(i + k * 3) % filler.length]);
    words.splice(i % 5, 0, (good ? positive : negative)[i % 4] as string);
    lines.push(`${i},${good ? 'Good' : 'Bad'} title ${i},"${words.join(' ')}",${good ? 5 : 1}`);
  }
  return lines.join('\n') + '\n';
}

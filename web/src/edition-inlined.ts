// The one-file edition's answer to "where do the worker, the wasm binary and the built-in
// datasets come from" (edition.ts is the served one; web/vite.single.config.ts swaps them):
// all three are inlined in the page, because a page opened from file:// can neither start a
// module worker from a file nor fetch. The worker is a classic script started from a blob:
// URL (the CSP's worker-src allows blob:); the bytes are gzip + base64 strings set at build.
import type { ClslabModuleOptions } from 'clslab-wasm';
import type { ReadOptions } from './data/read-bytes.ts';
import InlinedWorker from './worker/entry.ts?worker&inline';

/** Set by web/vite.single.config.ts (`define`), which copies the literal wherever the name
 *  appears: it appears once, here. Only the worker's bundle keeps it. */
declare const __CLSLAB_INLINED__: {
  /** clslab.wasm, gzip-compressed, base64. */
  wasm: string;
  /** web/public/datasets/NAME.tsv by NAME, gzip-compressed, base64. */
  datasets: Record<string, string>;
};
const inlined = __CLSLAB_INLINED__;

/** Page side: the one training worker (client/worker-client.ts owns it). */
export function startWorker(): Worker {
  return new InlinedWorker();
}

/** Worker side: the factory's options. With locateFile the glue never resolves the binary's
 *  URL against the worker's blob: URL (which has no folder to resolve against). */
export async function wasmOptions(): Promise<ClslabModuleOptions> {
  return { wasmBinary: await gunzipBase64(inlined.wasm), locateFile: (path) => path };
}

/** Worker side: a built-in dataset's bytes, by the file name at the end of its URL (inlined:
 *  no wait to show or cancel, so the read options are not needed). */
export async function builtInBytes(url: string, _options?: ReadOptions): Promise<Uint8Array> {
  const file = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  const name = file.replace(/\.tsv$/, '');
  const packed = Object.hasOwn(inlined.datasets, name) ? inlined.datasets[name] : undefined;
  if (packed === undefined) {
    const known = Object.keys(inlined.datasets).join(', ');
    throw new Error(`this one-file edition carries only the built-in datasets ${known}`);
  }
  return gunzipBase64(packed);
}

async function gunzipBase64(base64: string): Promise<Uint8Array> {
  const packed = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// Where the training worker, the wasm binary and the built-in datasets come from in the
// served edition (npm run build): files next to the page, by relative URL, so dist/ works
// from any folder of any static server. The one-file edition (npm run build:single) swaps
// this module for edition-inlined.ts (web/vite.single.config.ts): same exports, no fetch.
import type { ClslabModuleOptions } from 'clslab-wasm';
import { isUnreachable } from './data/network.ts';
import { Cancelled, readBody, type ReadOptions } from './data/read-bytes.ts';
import wasmUrl from './wasm-build/clslab.wasm?url';

/** Page side: the one training worker (client/worker-client.ts owns it). */
export function startWorker(): Worker {
  return new Worker(new URL('./worker/entry.ts', import.meta.url), { type: 'module' });
}

/** Worker side: the factory's options. The binary's URL is given explicitly so that it
 *  resolves under any base path. */
export async function wasmOptions(): Promise<ClslabModuleOptions> {
  return { locateFile: () => wasmUrl };
}

/** Worker side: the bytes of a built-in dataset, datasets/NAME.tsv next to the page, read
 *  with progress and Cancel (a server that never answers must not hold the page: the
 *  session shows the read as a task). The session prefixes the reason with the dataset's
 *  name and URL. */
export async function builtInBytes(url: string, options: ReadOptions): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { signal: options.signal });
  } catch (error) {
    if (options.signal.aborted) throw new Cancelled();
    if (!isUnreachable(error)) throw error;
    throw new Error(
      "the network is unreachable (this page's server did not answer); files from your " +
        'computer still load.',
    );
  }
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? url);
  return readBody(response, name, options);
}

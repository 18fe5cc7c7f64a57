// Bytes of a user's file or URL, read in chunks in the worker with progress and a size limit
// stated in words, so a large file never blocks the page and an oversize one is refused
// before it is read. The limit is core's (ParseOptions::max_bytes via maxInputBytes()).
import { failure, PhraseError } from '../localized.ts';
import { isUnreachable, unreachable } from './network.ts';

export interface ReadOptions {
  /** Inputs above this many bytes are refused. */
  limit: number;
  signal: AbortSignal;
  onProgress: (done: number, total: number) => void;
}

/** Progress goes out at most once per this many bytes (and once at the end). */
const PROGRESS_BYTES = 1 << 20;

export function megabytes(bytes: number): string {
  return `${(bytes / (1 << 20)).toFixed(1)} MB`;
}

/** An input over the limit (tooLarge). */
class TooLarge extends PhraseError {}

/** The file (or, `folder`, the folder) `name` of `size` bytes is over `limit`. */
export function tooLarge(name: string, size: number, limit: number, folder = false): Error {
  const args = { name, size: megabytes(size), limit: megabytes(limit) };
  return new TooLarge(
    (folder ? failure('error-folder-too-large', args) : failure('error-too-large', args)).words,
  );
}

export class Cancelled extends Error {
  constructor() {
    super('Cancelled.');
  }
}

/** Reads a File (or Blob) with file.stream(); refuses it unread when over the limit. A
 *  gzip file is read decompressed (gunzipped). */
export async function readFile(file: File, options: ReadOptions): Promise<Uint8Array> {
  if (file.size > options.limit) throw tooLarge(file.name, file.size, options.limit);
  return gunzipped(
    await readStream(file.stream(), file.size, file.name, options),
    file.name,
    options,
  );
}

/** `bytes` decompressed when they are gzip (1F 8B: `reviews.tsv.gz`), else as they are. Core
 *  refuses compressed input, naming it; the browser can read gzip (DecompressionStream), so
 *  the page loads such a file as the text it holds, within the same limit (a small file that
 *  decompresses past it is refused like a large one). The content hash is the text's, so
 *  the file and its decompressed copy are the same data to a link. */
export async function gunzipped(
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  options: ReadOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  try {
    return await readStream(stream, 0, `${name} (decompressed)`, options);
  } catch (error) {
    // The decompressor's own error (a TypeError in browsers, zlib's in Node): damaged data.
    if (error instanceof Cancelled || error instanceof TooLarge) throw error;
    throw failure('error-gzip-damaged', { name, reason: describe(error) });
  }
}

/** Downloads `url`; refuses it when Content-Length or the bytes so far pass the limit. */
export async function fetchBytes(
  url: string,
  fetchFn: typeof fetch,
  options: ReadOptions,
): Promise<Uint8Array> {
  const name = new URL(url).pathname.split('/').pop() || new URL(url).host;
  let response: Response;
  try {
    response = await fetchFn(url, { signal: options.signal });
  } catch (error) {
    if (options.signal.aborted) throw new Cancelled();
    if (isUnreachable(error)) throw unreachable('download', name, url);
    throw failure('error-download-url', { url, reason: describe(error) });
  }
  if (!response.ok) throw failure('error-download-http', { url, status: response.status });
  return gunzipped(await readBody(response, name, options), name, options);
}

/** The body of a successful response, read in chunks with progress, Cancel and the limit
 *  (Content-Length is checked first when the server sends one). */
export async function readBody(
  response: Response,
  name: string,
  options: ReadOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > options.limit) throw tooLarge(name, declared, options.limit);
  if (response.body === null) return new Uint8Array(await response.arrayBuffer());
  return readStream(response.body, Number.isFinite(declared) ? declared : 0, name, options);
}

async function readStream(
  stream: ReadableStream<Uint8Array>,
  expected: number,
  name: string,
  options: ReadOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let done = 0;
  let reported = 0;
  options.onProgress(0, expected);
  try {
    for (;;) {
      if (options.signal.aborted) throw new Cancelled();
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
      done += next.value.byteLength;
      if (done > options.limit) throw tooLarge(name, done, options.limit);
      if (done - reported >= PROGRESS_BYTES) {
        options.onProgress(done, Math.max(expected, done));
        reported = done;
      }
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (options.signal.aborted) throw new Cancelled();
    throw error;
  }
  options.onProgress(done, done);
  const bytes = new Uint8Array(done);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Bytes of a user's file or URL, read in chunks in the worker with progress and a size limit
// stated in words, so a large file never blocks the page and an oversize one is refused
// before it is read. The limit is core's (ParseOptions::max_bytes via maxInputBytes()).
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

export function tooLarge(name: string, size: number, limit: number): Error {
  return new Error(
    `${name} is ${megabytes(size)}; files larger than ${megabytes(limit)} cannot be loaded ` +
      '(the parser refuses them). Take a sample of the rows, or split the file.',
  );
}

export class Cancelled extends Error {
  constructor() {
    super('Cancelled.');
  }
}

/** Reads a File (or Blob) with file.stream(); refuses it unread when over the limit. */
export async function readFile(file: File, options: ReadOptions): Promise<Uint8Array> {
  if (file.size > options.limit) throw tooLarge(file.name, file.size, options.limit);
  return readStream(file.stream(), file.size, file.name, options);
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
    if (isUnreachable(error)) throw unreachable(`downloading ${name}`, url);
    throw new Error(`Could not download ${url}: ${describe(error)}`);
  }
  if (!response.ok) throw new Error(`Could not download ${url}: HTTP ${response.status}`);
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
): Promise<Uint8Array> {
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

// What the page says when a download gets no answer at all. fetch then rejects with a bare
// TypeError ("Failed to fetch", "NetworkError…", "Load failed") whether the computer is
// offline, a firewall drops the request or the server refuses cross-origin reads; the page
// cannot tell these apart, so the sentence names them and what works without the network.

import { failure, type PhraseError } from '../localized.ts';

/** A rejection of fetch() itself (no HTTP status), as opposed to an abort or a bad answer. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError;
}

/** Downloading the file `name` (or sampling the preset `name`) needs `url`'s host, which
 *  did not answer; the catalog's words name what works offline in both editions (files from
 *  disk and the built-in datasets). */
export function unreachable(what: 'download' | 'sample', name: string, url: string): PhraseError {
  const host = new URL(url).host;
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return offline
    ? failure('error-offline', { what, name, host })
    : failure('error-unreachable', { what, name, host });
}

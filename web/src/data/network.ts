// What the page says when a download gets no answer at all. fetch then rejects with a bare
// TypeError ("Failed to fetch", "NetworkError…", "Load failed") whether the computer is
// offline, a firewall drops the request or the server refuses cross-origin reads; the page
// cannot tell these apart, so the sentence names them and what works without the network.

/** Works offline in both editions: files from disk and the built-in datasets. */
const OFFLINE_ALTERNATIVES =
  'Load a file from your computer instead, or choose the built-in movie or restaurant ' +
  'reviews (the Dataset setting), which work offline.';

/** A rejection of fetch() itself (no HTTP status), as opposed to an abort or a bad answer. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError;
}

/** `what` ("sampling IMDB movie reviews") needs `url`'s host, which did not answer. */
export function unreachable(what: string, url: string): Error {
  const host = new URL(url).host;
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const why = offline
    ? `this computer is offline, and ${what} needs ${host}.`
    : `${what} needs ${host}, which did not answer (this computer may be offline, or a ` +
      'firewall or the site itself may block the request).';
  return new Error(`The network is unreachable: ${why} ${OFFLINE_ALTERNATIVES}`);
}

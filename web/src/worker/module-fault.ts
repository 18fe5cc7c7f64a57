// Tells a fault of the wasm module from an ordinary failure, and words it for the page.
// The core never throws (it returns statuses), so anything a Lab call throws that is not a
// plain Error is the module itself failing: an abort (WebAssembly.RuntimeError), or a C++
// exception that reached JS as a bare number, which in a core that throws nothing is
// operator new's std::bad_alloc. After either, the module's state is unknown: it is dropped.

/** True when `error` came out of the wasm module rather than from the session's checks. */
export function isModuleFault(error: unknown): boolean {
  if (typeof error === 'number') return true;
  if (typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError) return true;
  if (error instanceof Error) return /^Aborted\(|out of memory/i.test(error.message);
  return error !== null && typeof error === 'object';
}

/** A sentence for the banner: what happened, what the page does, what to lower. */
export function describeModuleFault(error: unknown): string {
  // A bare number is the address of the C++ exception object: meaningless to a reader.
  const detail =
    error instanceof Error
      ? error.message
      : typeof error === 'number'
        ? 'an allocation failed (std::bad_alloc)'
        : String(error);
  const memory = typeof error === 'number' || /OOM|memory|Cannot enlarge|bad_alloc/i.test(detail);
  const what = memory
    ? 'The lab ran out of memory (the wasm heap is limited to 2 GB)'
    : 'The lab stopped on an internal error';
  const advice = memory ? ' Lower max_reviews, max_vocab or d before trying that again.' : '';
  return (
    `${what}: ${detail}. The training worker restarts with the last dataset and settings ` +
    `that loaded.${advice}`
  );
}

// Tells a fault of the wasm module from an ordinary failure, and words it for the page.
// The core never throws (it returns statuses), so anything a Lab call throws that is not a
// plain Error is the module itself failing: an abort (WebAssembly.RuntimeError), or a C++
// exception that reached JS as a bare number, which in a core that throws nothing is
// operator new's std::bad_alloc. After either, the module's state is unknown: it is dropped.

import { phrase, type Phrase } from '../localized.ts';

/** True when `error` came out of the wasm module rather than from the session's checks. */
export function isModuleFault(error: unknown): boolean {
  if (typeof error === 'number') return true;
  if (typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError) return true;
  if (error instanceof Error) return /^Aborted\(|out of memory/i.test(error.message);
  return error !== null && typeof error === 'object';
}

/** The banner's sentence, in the catalog's words: what happened, what the page does, what
 *  to lower. */
export function describeModuleFault(error: unknown): Phrase {
  // A bare number is the address of the C++ exception object: meaningless to a reader.
  if (typeof error === 'number') {
    return phrase('module-fault-memory', { detail: 'std::bad_alloc' });
  }
  const detail = error instanceof Error ? error.message : String(error);
  const memory = /OOM|memory|Cannot enlarge|bad_alloc/i.test(detail);
  return memory
    ? phrase('module-fault-memory', { detail })
    : phrase('module-fault-internal', { detail });
}

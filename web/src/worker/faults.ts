// Faults the reliability tests inject into a real worker (test builds only: the session
// refuses them otherwise, and no control of the page sends them).
//   liftLimits:    the Lab is rebuilt without limits and reloads its data, so an oversized
//                  load really exhausts the wasm heap (an abort the page must survive)
//   uncaughtError: the worker throws outside any handler
//   hang:          the worker blocks for a minute inside one call, as a stuck wasm call
//                  would: the page's heartbeat must notice and restart it
//   slowLoad:      the next load of data blocks 20 s longer than its announced estimate, as
//                  a big file on a busy machine does: the page must wait for it (and offer
//                  to stop it), not kill it
import type { Fault } from '../protocol.ts';
import { assertNever } from '../protocol.ts';
import type { LabHost } from './lab-host.ts';

export interface FaultDeps {
  host: LabHost;
  /** Loads the data `configJson` names into the (new) Lab. */
  reload: (configJson: string) => Promise<void>;
  /** The next load blocks this much longer, inside its announced task. */
  slowNextLoad: (milliseconds: number) => void;
}

const HANG_MILLISECONDS = 60000;
const SLOW_LOAD_MILLISECONDS = 20000;

export async function injectFault(fault: Fault, deps: FaultDeps): Promise<void> {
  switch (fault) {
    case 'liftLimits': {
      const module = deps.host.requireModule();
      const none = 2 ** 50;
      const configJson = deps.host.requireLab().configJson();
      deps.host.replaceLab({
        maxReviews: none,
        maxTokens: none,
        maxVocabulary: none,
        maxWidth: none,
        maxWeights: none,
        maxInputBytes: module.maxInputBytes(),
        maxRunFileBytes: module.limits().maxRunFileBytes,
      });
      return deps.reload(configJson);
    }
    case 'uncaughtError':
      setTimeout(() => {
        throw new Error('injected fault: an uncaught error in the training worker');
      }, 0);
      return;
    case 'hang':
      return blockFor(HANG_MILLISECONDS);
    case 'slowLoad':
      return deps.slowNextLoad(SLOW_LOAD_MILLISECONDS);
    default:
      return assertNever(fault);
  }
}

/** Busy for `milliseconds`: a stuck or slow call never yields to the event loop. */
export function blockFor(milliseconds: number): void {
  const until = Date.now() + milliseconds;
  while (Date.now() < until) {
    // Busy.
  }
}

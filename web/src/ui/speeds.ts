// Play's speeds: the slider's stops and the default, on their own so the link's parser
// (page-flags.ts, tested in Node) reads them without the controls and their catalog.

/** The speed slider's stops in steps per second; 0 is as fast as the machine goes. */
export const SPEEDS = [2, 10, 30, 60, 250, 0];
/** Play's default: the default 300-step run lasts 5 s, slow enough to watch the step on E
 *  and the flow move the charts (uncapped, the built-in data ran 300 steps in 1.2 s). */
export const DEFAULT_SPEED = 60;

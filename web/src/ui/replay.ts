// What a page does once its data has loaded: a link's run length is replayed (runTo, the
// same steps give the same weights), and a cold page without one takes the step on E at
// once so Result 1 shows. While a replay heads for its step, the share link keeps that
// step; a pause or the end of the replay settles it on the step reached.
import type { LabStore } from '../state/store.ts';

export class Replay {
  /** A link's run length, still to replay at the next load (null: none asked). */
  private pending: number | null = null;
  /** The step a replay is heading for, until it stops. */
  private heading: number | null = null;
  /** The cold page steps E once, on its first load, when no link asks for a run. */
  private coldStart = true;

  constructor(private readonly store: LabStore) {
    store.subscribe((event, state) => {
      if (event.type === 'datasetLoaded') this.loaded(state.config['protocol'] === 'paper');
      else if (event.type === 'stopped') this.heading = null;
    });
  }

  /** A link (or a restart) asks for `run` steps on its data; null when it does not say. */
  expect(run: number | null): void {
    this.pending = run;
    if (run !== null) this.coldStart = false;
  }

  /** The step the share link should carry while a replay runs; null when none does. */
  get target(): number | null {
    return this.heading ?? this.pending;
  }

  private loaded(paper: boolean): void {
    const run = this.pending;
    this.pending = null;
    if (run !== null && run > 0) {
      this.heading = run;
      this.store.send({ type: 'runTo', step: run });
    } else if (run === null && this.coldStart && paper) {
      this.store.send({ type: 'stepEmbeddings' });
    }
    this.coldStart = false;
  }
}

// What a page does once its data has loaded: a link's run length is replayed (runTo, the
// same steps give the same weights), and a cold page without one takes the step on E at
// once so Result 1 shows. While a replay heads for its step, the share link keeps that
// step; a pause or the end of the replay settles it on the step reached. Once the page
// stands where its link asked, it tells who waits (the tour) and, for an autoplay link,
// presses Play.
import type { LabStore } from '../state/store.ts';

export class Replay {
  /** A link's run length, still to replay at the next load (null: none asked). */
  private pending: number | null = null;
  /** The step a replay is heading for, until it stops. */
  private heading: number | null = null;
  /** The cold page steps E once, on its first load, when no link asks for a run. */
  private coldStart = true;
  /** Play once the link's step is reached (an autoplay link), at the next load. */
  private autoplay = false;
  private readonly waiting: Array<() => void> = [];
  /** A finished replay's step: it settles once that step's guidance arrives (the worker
   *  sends 'stopped' first, then the step's metrics and guidance). */
  private settling: number | null = null;

  constructor(private readonly store: LabStore) {
    store.subscribe((event, state) => {
      if (event.type === 'datasetLoaded') this.loaded(state.plan?.protocol === 'paper');
      // Other data, or the data rebuilt, is followed by its datasetLoaded.
      else if (
        event.type === 'settingsApplied' &&
        this.pending !== null &&
        event.effect !== 'source' &&
        event.effect !== 'pipeline'
      )
        this.onLoadedData(event.effect === 'weights');
      else if (event.type === 'stopped' && this.heading !== null) {
        this.heading = null;
        // A pause or a refusal ends the replay where the person wanted it: no autoplay.
        if (event.reason === 'finished') this.settling = event.step;
        else this.autoplay = false;
      } else if (event.type === 'guidanceUpdated' && event.step === this.settling) {
        this.settling = null;
        this.settled();
      }
    });
  }

  /** A link (or a restart) asks for `run` steps on its data; null when it does not say.
   *  `autoplay`: then press Play. */
  expect(run: number | null, autoplay = false): void {
    this.pending = run;
    this.autoplay = autoplay;
    if (run !== null) this.coldStart = false;
  }

  /** The step the share link should carry while a replay runs; null when none does. */
  get target(): number | null {
    return this.heading ?? this.pending;
  }

  /** Calls `then` once, when the page next stands at its link's step (after the load, or
   *  after the replay). */
  whenSettled(then: () => void): void {
    this.waiting.push(then);
  }

  private loaded(paper: boolean): void {
    const run = this.pending;
    this.pending = null;
    this.begin(run, paper);
  }

  /** Replays to `run`, or for a cold page without a link takes the step on E (`paper`). */
  private begin(run: number | null, paper: boolean): void {
    if (run !== null && run > 0) {
      this.heading = run;
      // A step core refuses to replay (beyond the longest run) leaves the page where it is.
      this.store.send({ type: 'runTo', step: run }, () => {
        this.heading = null;
        this.autoplay = false;
        this.settled();
      });
      return;
    }
    if (run === null && this.coldStart && paper) this.store.send({ type: 'stepEmbeddings' });
    this.coldStart = false;
    this.settled();
  }

  /** A link opened over the data already loaded (its settings kept the data: no load
   *  follows): its run length is replayed all the same, from step 0 (a `#run=5` typed after
   *  an upload was ignored without a word, issue 43). `atStepZero`: the settings already
   *  reset the weights. */
  private onLoadedData(atStepZero: boolean): void {
    const run = this.pending;
    this.pending = null;
    if (run === null) return;
    if (!atStepZero) this.store.send({ type: 'reset' });
    this.begin(run, false);
  }

  private settled(): void {
    this.coldStart = false;
    if (this.autoplay) this.store.send({ type: 'play' });
    this.autoplay = false;
    for (const then of this.waiting.splice(0)) then();
  }
}

// The share link: the module encodes the settings, the dataset's identity included, into
// the URL hash (only non-default values); this view adds the page's keys (the steps run,
// the panels shown or hidden, embed mode, speed) from page-flags.ts and mirrors the result
// into the address bar and a copyable field. The step is the one reached whenever the lab is not running,
// and a replay's target while it heads there, so pausing a replay keeps the step it got to;
// while Play runs it follows the run about once a second.
import type { Locale } from '../locale.ts';
import type { LabStore } from '../state/store.ts';
import { byId, copyOnClick } from './dom.ts';
import { joinHash, type LinkFlags } from './page-flags.ts';
import type { Replay } from './replay.ts';

/** How often a running Play moves the link's step (and the address bar): calm enough that
 *  the browser never throttles history.replaceState, often enough that a reload loses at
 *  most a second of the run. */
const PLAY_LINK_MILLISECONDS = 1000;

export class ShareLink {
  private readonly field = byId<HTMLInputElement>('share-url');
  private settings = '';
  private run: number | null = null;
  /** The view keys of the page as opened; one-shot keys (autoplay, tour) are not kept. */
  private view: Omit<LinkFlags, 'run'> = { hide: [], embed: false };
  /** The address of the copy the link opens (a course package's public copy); null: this
   *  page's own address. */
  private base: string | null = null;
  /** What the address bar is to hold, written after the next frame (render). */
  private addressBar = '';
  private addressBarDue = false;
  /** When Play last moved the link's step (performance.now()). */
  private playLinkAt = Number.NEGATIVE_INFINITY;

  constructor(store: LabStore, replay: Replay) {
    copyOnClick(byId<HTMLButtonElement>('share-copy'), this.field);
    store.subscribe((event, state) => {
      switch (event.type) {
        case 'ready':
        case 'settingsApplied':
          return this.update(state.shareHash);
        case 'stopped':
          return this.setRun(event.step);
        case 'metricsUpdated':
          if (event.targetStep === 0 && !state.playing)
            this.setRun(replay.target ?? event.metrics.step);
          else if (replay.target === null) this.followPlay(event.metrics.step);
          return;
        default:
          return;
      }
    });
  }

  /** `hash` is the module's encoding of the settings without '#', empty for the defaults. */
  update(hash: string): void {
    this.settings = hash;
    this.render();
  }

  /** The steps run so far: opening the link replays them (same weights, same checksum). */
  setRun(step: number): void {
    if (this.run === step) return;
    this.run = step;
    this.render();
  }

  /** While Play runs, the step reached, at most every PLAY_LINK_MILLISECONDS: a reload, a
   *  crash or a link copied mid-run resumes near where the run was (the link said run=0
   *  until Play stopped, issue 43), without rewriting the address bar at the snapshot rate.
   *  Any step of a run replays to the same weights. */
  private followPlay(step: number): void {
    const now = performance.now();
    if (now - this.playLinkAt < PLAY_LINK_MILLISECONDS) return;
    this.playLinkAt = now;
    this.setRun(step);
  }

  /** The steps the link replays (null before the first snapshot). */
  get step(): number | null {
    return this.run;
  }

  /** Classroom, embed, speed, activity and language flags of the page as opened; kept in
   *  the link. */
  setView(
    view: Pick<LinkFlags, 'hide' | 'embed' | 'panels' | 'speed' | 'activity' | 'lang'>,
  ): void {
    const { hide, embed, panels, speed, activity, lang } = view;
    this.view = { hide: [...hide], embed, panels, speed, activity, lang };
    this.render();
  }

  /** The language the reader chose on the page: links carry it from now on (`lang=`). */
  setLanguage(lang: Locale): void {
    this.view = { ...this.view, lang };
    this.render();
  }

  /** The language links carry (null: the reader's browser chooses). */
  get language(): Locale | null {
    return this.view.lang ?? null;
  }

  /** The links open the copy at `url` (an https address) instead of this page. */
  setBase(url: string): void {
    this.base = url;
    this.render();
  }

  /** The hash that opens this run at `step` with the page's view (a course platform keeps
   *  it to resume: replaying to the step gives the same weights). */
  hashAt(step: number): string {
    return joinHash(this.settings, { ...this.view, run: step });
  }

  /** The address links start from. */
  private address(): URL {
    return new URL(this.base ?? location.href);
  }

  /** The link to this run with other page keys (the embed dialog's iframe source); `run`
   *  left out is the step reached. */
  linkWith(flags: Omit<LinkFlags, 'run'> & { run?: number | null }): string {
    const url = this.address();
    url.hash = joinHash(this.settings, {
      ...flags,
      run: flags.run === undefined ? this.run : flags.run,
      // The language the reader chose travels in every link unless the caller says otherwise
      // (the Embed dialog's language, null: the embedding reader's browser chooses).
      lang: flags.lang === undefined ? this.view.lang : flags.lang,
    });
    return url.href;
  }

  private render(): void {
    const hash = joinHash(this.settings, { ...this.view, run: this.run });
    const link = this.address();
    link.hash = hash;
    this.field.value = link.href;
    const url = new URL(location.href);
    url.hash = hash;
    this.addressBar = hash === '' ? url.pathname + url.search : url.href;
    if (this.addressBarDue) return;
    this.addressBarDue = true;
    // After the next frame, or in 250 ms when none comes (a hidden tab). Chromium's
    // same-document navigation lays the whole page out: run from the message that changed
    // the data, it laid out the new table and reviews inside that task (a 60-80 ms task in
    // a 25,000-review load); after the frame there is nothing left to lay out.
    const write = () => {
      if (!this.addressBarDue) return;
      this.addressBarDue = false;
      const target = new URL(this.addressBar, location.href).href;
      if (target !== location.href) history.replaceState(null, '', this.addressBar);
    };
    requestAnimationFrame(() => setTimeout(write, 0));
    setTimeout(write, 250);
  }
}

// The share link: the module encodes the settings, the dataset's identity included, into
// the URL hash (only non-default values); this view adds the page's keys (the steps run,
// hidden panels, embed mode) from page-flags.ts and mirrors the result into the address
// bar and a copyable field. The step is the one reached whenever the lab is not running,
// and a replay's target while it heads there, so pausing a replay keeps the step it got to.
import type { LabStore } from '../state/store.ts';
import { byId, copyOnClick } from './dom.ts';
import { joinHash, type Panel } from './page-flags.ts';
import type { Replay } from './replay.ts';

export class ShareLink {
  private readonly field = byId<HTMLInputElement>('share-url');
  private settings = '';
  private run: number | null = null;
  private hide: Panel[] = [];
  private embed = false;

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

  /** Classroom and embed flags of the page as opened; kept in the link. */
  setView(hide: Panel[], embed: boolean): void {
    this.hide = [...hide];
    this.embed = embed;
    this.render();
  }

  /** The link to this run with other view flags (the embed dialog's iframe source). */
  linkWith(view: { hide: readonly string[]; embed: boolean }): string {
    const url = new URL(location.href);
    url.hash = joinHash(this.settings, { run: this.run, ...view });
    return url.href;
  }

  private render(): void {
    const hash = joinHash(this.settings, { run: this.run, hide: this.hide, embed: this.embed });
    const url = new URL(location.href);
    url.hash = hash;
    if (url.href !== location.href)
      history.replaceState(null, '', hash === '' ? url.pathname + url.search : url.href);
    this.field.value = location.href;
  }
}

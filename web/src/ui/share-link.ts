// The share link: the module encodes the settings into the URL hash (only non-default
// values); this view adds the page's keys (steps run, hidden panels, embed mode) from
// page-flags.ts, mirrors the result into the address bar and a copyable field.
import { byId, copyOnClick } from './dom.ts';
import { joinHash, type Panel } from './page-flags.ts';

export class ShareLink {
  private readonly field = byId<HTMLInputElement>('share-url');
  private settings = '';
  private run: number | null = null;
  private hide: Panel[] = [];
  private embed = false;

  constructor() {
    copyOnClick(byId<HTMLButtonElement>('share-copy'), this.field);
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

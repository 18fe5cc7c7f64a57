// The share link: the module encodes the settings into the URL hash (only non-default
// values); this view mirrors it into the address bar and a copyable field.
import { byId } from './dom.ts';

export class ShareLink {
  private readonly field = byId<HTMLInputElement>('share-url');
  private readonly copy = byId<HTMLButtonElement>('share-copy');

  constructor() {
    this.copy.addEventListener('click', () => void this.copyToClipboard());
  }

  /** `hash` is the encoded settings without '#', empty when all are defaults. */
  update(hash: string): void {
    const url = new URL(location.href);
    url.hash = hash;
    if (url.href !== location.href)
      history.replaceState(null, '', hash === '' ? url.pathname + url.search : url.href);
    this.field.value = location.href;
  }

  private async copyToClipboard(): Promise<void> {
    this.field.select();
    try {
      await navigator.clipboard.writeText(this.field.value);
      this.copy.textContent = 'Copied';
    } catch {
      this.copy.textContent = 'Press Ctrl+C';
    }
    setTimeout(() => (this.copy.textContent = 'Copy link'), 1500);
  }
}

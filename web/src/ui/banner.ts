// The message banner (role=alert): errors and share-link warnings, always as text. When the
// training worker has stopped it also carries a Restart button (one action, in the banner,
// so that the message and what to do about it are read together).
import { byId, element } from './dom.ts';

export class Banner {
  private readonly root = byId('banner');
  private readonly list = byId<HTMLUListElement>('banner-messages');

  constructor() {
    byId('banner-close').addEventListener('click', () => this.clear());
  }

  error(message: string): void {
    this.show('error', [message]);
  }

  warn(messages: string[]): void {
    if (messages.length > 0) this.show('warning', messages);
  }

  /** "The training worker stopped: <reason>" with a Restart button that calls `restart`. */
  workerStopped(reason: string, restart: () => void): void {
    this.show('error', [
      `The training worker stopped: ${reason}. Restart it with the same settings and dataset.`,
    ]);
    const button = element('button', {
      text: 'Restart',
      className: 'primary',
      attributes: { id: 'banner-restart', type: 'button' },
    });
    button.addEventListener('click', () => {
      this.clear();
      restart();
    });
    this.list.append(element('li', {}, [button]));
  }

  clear(): void {
    this.list.replaceChildren();
    this.root.hidden = true;
  }

  private show(kind: 'error' | 'warning', messages: string[]): void {
    this.root.dataset['kind'] = kind;
    this.list.replaceChildren(...messages.map((text) => element('li', { text })));
    this.root.hidden = false;
  }
}

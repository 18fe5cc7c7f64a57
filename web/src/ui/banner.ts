// The message banner (role=alert): errors and share-link warnings, always as text.
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

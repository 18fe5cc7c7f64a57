// The message banner (role=alert): errors and warnings, always as text. Errors belong to
// what failed: the next successful change of the run (settings applied, data loaded)
// clears them, so an old failure never stands beside a good state. When the training
// worker has stopped it also carries a Restart button (one action, in the banner, so that
// the message and what to do about it are read together).
import { byId, element } from './dom.ts';

/** 'notice': an error about the worker itself (it stopped, ran out of memory, was
 *  restarted): it stays until dismissed, since the success that follows is the restart's. */
type Kind = 'error' | 'notice' | 'warning';

export class Banner {
  private readonly root = byId('banner');
  private readonly list = byId<HTMLUListElement>('banner-messages');
  private messages: Array<{ kind: Kind; node: HTMLElement }> = [];
  /** The lines of the busy notice, while it shows. */
  private busy: HTMLElement[] = [];

  constructor() {
    byId('banner-close').addEventListener('click', () => this.clear());
  }

  error(message: string): void {
    this.add('error', [message]);
  }

  notice(message: string): void {
    this.add('notice', [message]);
  }

  warn(messages: string[]): void {
    this.add('warning', messages);
  }

  /** "The training worker stopped: <reason>" with a Restart button that calls `restart`. */
  workerStopped(reason: string, restart: () => void): void {
    this.notice(
      `The training worker stopped: ${reason}. Restart it with the same settings and data.`,
    );
    const button = element('button', {
      text: 'Restart',
      className: 'primary',
      attributes: { id: 'banner-restart', type: 'button' },
    });
    button.addEventListener('click', () => {
      this.clear();
      restart();
    });
    this.push('notice', element('li', {}, [button]));
  }

  /** A task the worker announced is taking far longer than estimated: it is still working.
   *  The sentence comes with a Stop button that calls `stop`; `clearBusy` withdraws both. */
  workerBusy(text: string, stop: () => void): void {
    this.clearBusy();
    const button = element('button', {
      text: 'Stop it and keep the run',
      attributes: { id: 'banner-stop-busy', type: 'button' },
    });
    button.addEventListener('click', () => {
      this.clearBusy();
      stop();
    });
    const line = element('li', { text, attributes: { 'data-kind': 'notice', id: 'banner-busy' } });
    this.busy = [line, element('li', {}, [button])];
    for (const node of this.busy) this.messages.push({ kind: 'notice', node });
    this.render();
  }

  clearBusy(): void {
    const busy = this.busy;
    if (busy.length === 0) return;
    this.busy = [];
    this.messages = this.messages.filter((m) => !busy.includes(m.node));
    this.render();
  }

  clearErrors(): void {
    this.messages = this.messages.filter((m) => m.kind !== 'error');
    this.render();
  }

  clear(): void {
    this.messages = [];
    this.busy = [];
    this.render();
  }

  private add(kind: Kind, texts: string[]): void {
    for (const text of texts) {
      // The same sentence twice in a row says nothing new.
      if (this.messages.some((m) => m.node.textContent === text)) continue;
      this.push(kind, element('li', { text, attributes: { 'data-kind': kind } }));
    }
  }

  private push(kind: Kind, node: HTMLElement): void {
    this.messages.push({ kind, node });
    this.render();
  }

  private render(): void {
    this.list.replaceChildren(...this.messages.map((m) => m.node));
    this.root.hidden = this.messages.length === 0;
    this.root.dataset['kind'] = this.messages.some((m) => m.kind !== 'warning')
      ? 'error'
      : 'warning';
  }
}

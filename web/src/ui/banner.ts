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
  /** The lines of each question (ask) while it shows. */
  private readonly questions = new Map<string, HTMLElement[]>();

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

  /** A question with buttons, under `name` (one at a time per name): each button calls its
   *  action and withdraws the question; `withdraw(name)` withdraws it too. */
  ask(
    name: string,
    text: string,
    actions: Array<{ id: string; label: string; run: () => void }>,
  ): void {
    this.withdraw(name);
    const buttons = actions.map(({ id, label, run }, i) => {
      const button = element('button', {
        text: label,
        className: i === 0 ? 'primary' : '',
        attributes: { id, type: 'button' },
      });
      button.addEventListener('click', () => {
        this.withdraw(name);
        run();
      });
      return button;
    });
    const nodes = [
      element('li', { text, attributes: { 'data-kind': 'notice', id: `banner-${name}` } }),
      element('li', {}, buttons),
    ];
    this.questions.set(name, nodes);
    for (const node of nodes) this.messages.push({ kind: 'notice', node });
    this.render();
  }

  withdraw(name: string): void {
    const nodes = this.questions.get(name);
    if (nodes === undefined) return;
    this.questions.delete(name);
    this.messages = this.messages.filter((m) => !nodes.includes(m.node));
    this.render();
  }

  clearErrors(): void {
    this.messages = this.messages.filter((m) => m.kind !== 'error');
    this.render();
  }

  clear(): void {
    this.messages = [];
    this.questions.clear();
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

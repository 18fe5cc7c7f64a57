// The theory (docs/THEORY.md) and the results on real reviews (docs/RESULTS.md), shipped
// inside the page's script so they open offline, in the one-file edition and inside an
// iframe. A small renderer for the Markdown those two files use (headings, paragraphs,
// lists, indented or fenced code, tables, `code`, **bold**, *emphasis*, links) that builds
// DOM nodes: text never goes through innerHTML.
import results from '../../../docs/RESULTS.md?raw';
import theory from '../../../docs/THEORY.md?raw';
import { currentLocale } from '../catalog.ts';
import { byId, element } from './dom.ts';

const DOCS = {
  theory: { title: 'The theory: model, definitions, checks', text: theory },
  results: { title: 'The paper’s claims measured on real reviews', text: results },
} as const;

/** Inline Markdown as nodes: `code`, **bold**, *emphasis*, [text](https://...). */
export function inline(text: string): Node[] {
  const nodes: Node[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) nodes.push(document.createTextNode(text.slice(last, at)));
    const [, code, bold, em, linkText, href] = match;
    if (code !== undefined) nodes.push(element('code', { text: code }));
    else if (bold !== undefined) nodes.push(element('strong', {}, inline(bold)));
    else if (em !== undefined) nodes.push(element('em', {}, inline(em)));
    else if (linkText !== undefined && href !== undefined) {
      // Only web links leave the page; a link between the two documents stays text.
      nodes.push(
        /^https?:\/\//.test(href)
          ? element('a', {
              text: linkText,
              attributes: { href, target: '_blank', rel: 'noopener' },
            })
          : element('span', { text: linkText }),
      );
    }
    last = at + match[0].length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

/** Block Markdown as nodes. */
export function render(markdown: string): HTMLElement[] {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const out: HTMLElement[] = [];
  let k = 0;
  while (k < lines.length) {
    const line = lines[k] ?? '';
    if (line.trim() === '') {
      k++;
    } else if (/^#{1,4} /.test(line)) {
      const level = Math.min(4, (line.match(/^#+/)?.[0].length ?? 1) + 1);
      out.push(element(`h${level}` as 'h2', {}, inline(line.replace(/^#+ /, ''))));
      k++;
    } else if (line.startsWith('```') || line.startsWith('    ')) {
      const fenced = line.startsWith('```');
      const code: string[] = [];
      if (fenced) k++;
      while (k < lines.length) {
        const next = lines[k] ?? '';
        if (fenced ? next.startsWith('```') : !(next.startsWith('    ') || next.trim() === ''))
          break;
        code.push(fenced ? next : next.slice(4));
        k++;
      }
      if (fenced) k++;
      out.push(element('pre', {}, [element('code', { text: code.join('\n').trimEnd() })]));
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      while (k < lines.length && (lines[k] ?? '').startsWith('|'))
        rows.push(cells(lines[k++] ?? ''));
      const [head, , ...body] = rows;
      const table = element('table', { className: 'data-table' }, [
        element('thead', {}, [
          element(
            'tr',
            {},
            (head ?? []).map((c) => element('th', { attributes: { scope: 'col' } }, inline(c))),
          ),
        ]),
        element(
          'tbody',
          {},
          body.map((row) =>
            element(
              'tr',
              {},
              row.map((c) => element('td', {}, inline(c))),
            ),
          ),
        ),
      ]);
      out.push(element('div', { className: 'table-scroll' }, [table]));
    } else if (/^(- |\d+\. )/.test(line)) {
      const ordered = /^\d+\. /.test(line);
      const items: string[] = [];
      while (k < lines.length) {
        const next = lines[k] ?? '';
        if (/^(- |\d+\. )/.test(next)) items.push(next.replace(/^(- |\d+\. )/, ''));
        else if (/^ {2,}\S/.test(next) && items.length > 0)
          items[items.length - 1] += ` ${next.trim()}`;
        else break;
        k++;
      }
      out.push(
        element(
          ordered ? 'ol' : 'ul',
          {},
          items.map((item) => element('li', {}, inline(item))),
        ),
      );
    } else {
      const paragraph: string[] = [];
      while (k < lines.length) {
        const next = lines[k] ?? '';
        if (next.trim() === '' || /^(#|```|    |\||- |\d+\. )/.test(next)) break;
        paragraph.push(next.trim());
        k++;
      }
      out.push(element('p', {}, inline(paragraph.join(' '))));
    }
  }
  return out;
}

export function installDocs(): void {
  const dialog = byId<HTMLDialogElement>('docs-dialog');
  const open = (which: keyof typeof DOCS) => {
    byId('docs-title').textContent = DOCS[which].title;
    // The documents are English (lang="en"): a reader of another language is told so.
    byId('docs-language').hidden = currentLocale() === 'en';
    byId('docs-body').replaceChildren(...render(DOCS[which].text));
    dialog.showModal();
  };
  byId('docs-theory').addEventListener('click', () => open('theory'));
  byId('docs-results').addEventListener('click', () => open('results'));
  byId('docs-close').addEventListener('click', () => dialog.close());
}

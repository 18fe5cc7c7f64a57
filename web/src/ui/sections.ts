// Headed sections that fold (the recipes, Dataset, Save and load, Settings): the heading's button says
// whether its body shows (aria-expanded) and toggles it. On a phone they start folded, so
// the results come first; on wider screens they start open, but for one marked
// `data-folded` (the recipes, above the charts: a picture in the first screen). Once a person has toggled a
// section, later viewport changes (rotating the phone) leave it as they chose.
import './sections.css';
import { byId } from './dom.ts';

/** The phone layout's breakpoint; sections.css uses the same width. */
export const PHONE_QUERY = '(max-width: 700px)';

export function installSections(): void {
  const phone = matchMedia(PHONE_QUERY);
  for (const button of document.querySelectorAll<HTMLButtonElement>('button.section-toggle')) {
    const body = byId(button.getAttribute('aria-controls') ?? '');
    const folded = button.hasAttribute('data-folded');
    let chosen = false;
    const show = (open: boolean) => {
      button.setAttribute('aria-expanded', String(open));
      body.hidden = !open;
    };
    show(!folded && !phone.matches);
    button.addEventListener('click', () => {
      chosen = true;
      show(body.hidden);
    });
    phone.addEventListener('change', () => {
      if (!chosen) show(!folded && !phone.matches);
    });
  }
}

// The control bar on a one-column screen (sections.css, 900 px and under) sits after the
// results and sticks to the foot of the screen while they scroll under it. Stuck there it is
// `.stuck`: one row of buttons under a progress line, so it hides little of the chart it
// floats over; once its own place comes into view (the results end) it shows everything.
// Where it sits follows from where the results end, not from the bar, so a bar that changes
// its height does not move the point at which it changes (no flicker at the threshold).
import { byId } from './dom.ts';

/** The one-column layout's breakpoint (sections.css uses the same width). */
const ONE_COLUMN_QUERY = '(max-width: 900px)';

export function installControlBar(): void {
  const bar = document.querySelector<HTMLElement>('.layout > .controls');
  const results = byId('results');
  if (bar === null) return;
  const oneColumn = matchMedia(ONE_COLUMN_QUERY);
  let queued = false;
  const place = () => {
    queued = false;
    const floating = oneColumn.matches && !document.body.classList.contains('embedded');
    if (!floating) {
      bar.classList.remove('stuck');
      return;
    }
    // The bar's own place starts a gap below the results; it is stuck while that place lies
    // lower than the foot of the screen less the compact bar's height.
    const gap = parseFloat(getComputedStyle(bar.parentElement ?? bar).rowGap) || 0;
    const ownTop = results.getBoundingClientRect().bottom + gap;
    const compact = bar.classList.contains('stuck') ? bar.offsetHeight : 0;
    bar.classList.toggle('stuck', ownTop > innerHeight - compact);
  };
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(place);
  };
  addEventListener('scroll', schedule, { passive: true });
  addEventListener('resize', schedule);
  oneColumn.addEventListener('change', schedule);
  // The results grow as data, charts and text arrive, without a scroll.
  new ResizeObserver(schedule).observe(results);
  place();
}

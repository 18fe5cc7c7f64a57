// In an iframe, the lab tells the page around it how tall its content is, each time that
// changes, so the page can size the frame to fit (the Embed dialog's snippet carries the
// few lines that do it). Two messages, the same height in CSS pixels:
//   { type: 'clslab:resize', height }      for the snippet's listener and any other page;
//   { subject: 'lti.frameResize', height } Canvas LMS's own, which Canvas applies itself.
// Not framed, the page posts nothing. What a framed page does with the messages is its own.

/** The message a parent page reads; `height` is a whole number of CSS pixels. */
export const RESIZE_MESSAGE = 'clslab:resize';
export interface ResizeMessage {
  type: typeof RESIZE_MESSAGE;
  height: number;
}

/** Set on <html> for the span of one synchronous measurement (embed.css): the page lays
 *  out at its content's own height, never painted so. */
const MEASURING = 'measuring-height';

/** The height the content needs: embedded, the layout stretches to fill the frame
 *  (embed.css), so it is measured with the stretch off, each chart at its least height. */
function contentHeight(): number {
  const root = document.documentElement;
  root.classList.add(MEASURING);
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  root.classList.remove(MEASURING);
  return height;
}

/** Where the messages may go. The parent's origin when the browser says it
 *  (location.ancestorOrigins: Chromium, Safari); else '*', which is acceptable only
 *  because a message carries nothing but a height, which any page may know. A file://
 *  parent's origin is "null", which postMessage does not take as a target. */
function parentOrigin(): string {
  const origin = location.ancestorOrigins?.[0];
  return origin !== undefined && /^https?:\/\//.test(origin) ? origin : '*';
}

/** Starts reporting when the page is framed; the first report goes out at once. */
export function reportFrameHeight(): void {
  if (window.parent === window) return;
  const target = parentOrigin();
  let reported = -1;
  const report = () => {
    const height = contentHeight();
    if (height === reported) return;
    reported = height;
    const message: ResizeMessage = { type: RESIZE_MESSAGE, height };
    window.parent.postMessage(message, target);
    window.parent.postMessage({ subject: 'lti.frameResize', height }, target);
  };
  // The content's height changes when a panel, the banner or the tour changes size or
  // shows (each is watched; a chart's canvas takes up what a stretched card gains), or
  // when the frame does (the body is watched).
  const watcher = new ResizeObserver(report);
  watcher.observe(document.body);
  for (const node of document.querySelectorAll('[data-panel], .chart-box, #banner, #tour'))
    watcher.observe(node);
  report();
}

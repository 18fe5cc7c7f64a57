// Files the page hands to the user: a download through a temporary object URL, CSV text
// that spreadsheets open safely, and a chart as a PNG with its title, ready for a slide.
import type { Chart } from 'chart.js';

export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL only needs to outlive the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(name: string, text: string, type: string): void {
  downloadBlob(name, new Blob([text], { type }));
}

/** One CSV cell. Text that a spreadsheet would run as a formula (= + - @) gets a leading
 *  apostrophe: tokens are user data, and "=cmd()" is a valid token. */
function cell(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(columns: string[], rows: Array<Array<string | number>>): string {
  return [columns, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A file-name-safe stem: letters, digits and dashes. */
export function fileStem(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'clslab'
  );
}

/** The chart (via Chart.js toBase64Image) under its title, on the page's card colour. */
export async function chartPng(chart: Chart, title: string): Promise<Blob> {
  const image = new Image();
  image.src = chart.toBase64Image('image/png', 1);
  await image.decode();
  const css = getComputedStyle(document.documentElement);
  const scale = image.width / Math.max(chart.width, 1); // the device pixel ratio
  const titleHeight = Math.round(34 * scale);
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height + titleHeight;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('This browser cannot draw the chart image.');
  context.fillStyle = css.getPropertyValue('--card').trim() || '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = css.getPropertyValue('--text').trim() || '#000000';
  context.font = `600 ${Math.round(16 * scale)}px ${css.getPropertyValue('--font').trim() || 'sans-serif'}`;
  context.textBaseline = 'middle';
  context.fillText(title, Math.round(8 * scale), titleHeight / 2, canvas.width - 16 * scale);
  context.drawImage(image, 0, titleHeight);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob === null ? reject(new Error('PNG encoding failed')) : resolve(blob)),
      'image/png',
    ),
  );
}

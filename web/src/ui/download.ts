// Files the page hands to the user: a download through a temporary object URL, CSV text
// that spreadsheets open safely, and the file-name stems. Figures are in figure.ts, the
// zip of everything in zip-export.ts.

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

export const CSV_TYPE = 'text/csv;charset=utf-8';

/** A file for the zip: its name and its bytes or text. */
export interface ExportFile {
  name: string;
  data: Uint8Array | string;
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

/** A file-name-safe stem: lower-case letters, digits and dashes; a camelCase name keeps
 *  its word breaks (uShape -> u-shape). */
export function fileStem(text: string): string {
  return (
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'clslab'
  );
}

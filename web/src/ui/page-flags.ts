// The page's own keys in the URL hash, next to the settings the module encodes: `run`
// (steps taken, so a link reproduces the weights), `hide` (panels a classroom link hides),
// `embed` (iframe mode) and `tour` (start the guided tour). They are split off before the
// hash goes to the module, which would report them as unknown settings.

export const PAGE_KEYS = ['run', 'hide', 'embed', 'tour'] as const;
type PageKey = (typeof PAGE_KEYS)[number];

/** Panels a link may hide: the `data-panel` names in index.html. */
export const PANELS = [
  'header',
  'controls',
  'export',
  'dataset',
  'settings',
  'prompt',
  'recipes',
  'metrics',
  'loss',
  'alignment',
  'ushape',
  'result2',
  'why',
  'maxmargin',
  'reviews',
  'table',
  'glossary',
] as const;
export type Panel = (typeof PANELS)[number];

export interface PageFlags {
  /** Steps the shared run had taken; null when the link does not say. */
  run: number | null;
  hide: Panel[];
  embed: boolean;
  tour: boolean;
  /** Problems with the page keys, one sentence each (the value was ignored). */
  warnings: string[];
}

/** Longest run a link may ask to replay (the settings' own `steps` bound). */
export const MAX_RUN = 1_000_000;

function isPageKey(key: string): key is PageKey {
  return (PAGE_KEYS as readonly string[]).includes(key);
}

function isPanel(name: string): name is Panel {
  return (PANELS as readonly string[]).includes(name);
}

/** Splits `hash` (without '#') into the module's part and the page's flags. */
export function splitHash(hash: string): { settings: string; flags: PageFlags } {
  const flags: PageFlags = { run: null, hide: [], embed: false, tour: false, warnings: [] };
  const settings: string[] = [];
  const seen = new Set<PageKey>();
  for (const part of hash.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    // A key that does not decode is not a page key: the module names it in its warning.
    const key = safeDecode(equals < 0 ? part : part.slice(0, equals));
    const value = equals < 0 ? '' : safeDecode(part.slice(equals + 1));
    if (key === null || !isPageKey(key)) {
      settings.push(part);
      continue;
    }
    if (value === null) {
      flags.warnings.push(`${key}: the value has a malformed %-escape; ignored.`);
      continue;
    }
    if (seen.has(key)) {
      flags.warnings.push(`${key} is given twice; the first value is used.`);
      continue;
    }
    seen.add(key);
    if (key === 'run') {
      const run = Number(value);
      if (value !== '' && Number.isInteger(run) && run >= 0 && run <= MAX_RUN) flags.run = run;
      else flags.warnings.push(`run: "${value}" is not a step count in [0, ${MAX_RUN}]; ignored.`);
    } else if (key === 'hide') {
      for (const name of value.split(',').filter((n) => n !== '')) {
        if (isPanel(name)) flags.hide.push(name);
        else flags.warnings.push(`hide: unknown panel "${name}" ignored.`);
      }
    } else if (key === 'embed') {
      flags.embed = value === '1' || value === 'true';
    } else {
      flags.tour = value === '1' || value === 'true';
    }
  }
  return { settings: settings.join('&'), flags };
}

/** The decoded text, or null for a malformed %-escape (decodeURIComponent throws). */
function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The full hash: the module's settings, then the page keys that are set. */
export function joinHash(
  settings: string,
  flags: { run: number | null; hide: readonly string[]; embed: boolean; tour?: boolean },
): string {
  const parts = settings === '' ? [] : [settings];
  if (flags.run !== null) parts.push(`run=${flags.run}`);
  if (flags.hide.length > 0) parts.push(`hide=${flags.hide.join(',')}`);
  if (flags.embed) parts.push('embed=1');
  if (flags.tour === true) parts.push('tour=1');
  return parts.join('&');
}

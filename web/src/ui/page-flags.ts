// The page's own keys in the URL hash, next to the settings the module encodes: `run`
// (steps taken, so a link reproduces the weights), `panels` (the only panels a link shows),
// `hide` (panels a classroom link hides), `embed` (iframe mode), `speed` (Play's cap),
// `autoplay` (Play once the link's step is reached), `tour` (start the guided tour),
// `activity` (a class activity: predict, then reveal; its value is core's, activity.h) and
// `scorm` (the page was launched by a course platform as a SCORM 1.2 or 2004 package: the
// package's manifest sets it, and a share link never carries it) and `lang` (the language
// the page speaks, one of locale.ts's; without it the browser's languages choose).
// They are split off before the hash goes to the module, which would report them as
// unknown settings.
import { phrase, type Phrase } from '../localized.ts';
import { matchLocale, type Locale } from '../locale.ts';
import { SPEEDS } from './speeds.ts';
import { PANEL_KEYS, type PanelKey } from './panels.ts';

export const PAGE_KEYS = [
  'run',
  'panels',
  'hide',
  'embed',
  'speed',
  'autoplay',
  'tour',
  'activity',
  'scorm',
  'lang',
] as const;
type PageKey = (typeof PAGE_KEYS)[number];

/** Panels a link may show or hide: the registry's keys (panels.ts), the `data-panel`
 *  names in index.html. */
export const PANELS = PANEL_KEYS;
export type Panel = PanelKey;

/** The SCORM versions the package is built for (scripts/build-scorm.mjs). */
export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

export interface PageFlags {
  /** Steps the shared run had taken; null when the link does not say. */
  run: number | null;
  /** The panels shown (with the control bar unless `hide` names it); null: all but `hide`. */
  panels: Panel[] | null;
  hide: Panel[];
  embed: boolean;
  /** Play's cap in steps per second, one of SPEEDS (0: uncapped); null: the page's default. */
  speed: number | null;
  autoplay: boolean;
  tour: boolean;
  /** The class activity's questions as the link names them (core parses the value); null
   *  when the link asks for no activity. */
  activity: string | null;
  /** The SCORM version a course platform launched the page as, or null. */
  scorm: ScormVersion | null;
  /** The language the link asks for (`lang=es`, `lang=zh-CN`; any Spanish or simplified
   *  Chinese tag reads as the lab's), or null: the browser's languages choose. */
  lang: Locale | null;
  /** Problems with the page keys, one sentence each in the catalog's words (the value was
   *  ignored); the banner words them. */
  warnings: Phrase[];
}

function isPageKey(key: string): key is PageKey {
  return (PAGE_KEYS as readonly string[]).includes(key);
}

function isPanel(name: string): name is Panel {
  return (PANELS as readonly string[]).includes(name);
}

/** Splits `hash` (without '#') into the module's part and the page's flags. */
export function splitHash(hash: string): { settings: string; flags: PageFlags } {
  const flags: PageFlags = {
    run: null,
    panels: null,
    hide: [],
    embed: false,
    speed: null,
    autoplay: false,
    tour: false,
    activity: null,
    scorm: null,
    lang: null,
    warnings: [],
  };
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
      flags.warnings.push(phrase('link-key-malformed', { key }));
      continue;
    }
    if (seen.has(key)) {
      flags.warnings.push(phrase('link-key-twice', { key }));
      continue;
    }
    seen.add(key);
    if (key === 'run') {
      const run = Number(value);
      // Only the form here: how far a run may go is core's rule (the worker checks it).
      if (value !== '' && Number.isSafeInteger(run) && run >= 0) flags.run = run;
      else flags.warnings.push(phrase('link-run-invalid', { value }));
    } else if (key === 'hide' || key === 'panels') {
      const list = panelList(key, value, flags.warnings);
      if (key === 'hide') flags.hide = list;
      else flags.panels = list;
    } else if (key === 'speed') {
      const speed = Number(value);
      if (value !== '' && SPEEDS.includes(speed)) flags.speed = speed;
      else flags.warnings.push(phrase('link-speed-invalid', { value, speeds: SPEEDS.join(', ') }));
    } else if (key === 'activity') {
      flags.activity = value;
    } else if (key === 'lang') {
      flags.lang = matchLocale(value);
      if (flags.lang === null) flags.warnings.push(phrase('link-lang-invalid', { value }));
    } else if (key === 'scorm') {
      const version = SCORM_VERSIONS.find((v) => v === value);
      if (version !== undefined) flags.scorm = version;
      else flags.warnings.push(phrase('link-scorm-invalid', { value }));
    } else {
      flags[key] = value === '1' || value === 'true';
    }
  }
  keepSomethingShown(flags);
  return { settings: settings.join('&'), flags };
}

/** A link never opens an empty page: `panels` naming no known panel, or `hide` (with or
 *  without `panels`) leaving none shown, is ignored with a warning, and the whole lab shows. */
function keepSomethingShown(flags: PageFlags): void {
  if (flags.panels !== null && flags.panels.length === 0) {
    flags.warnings.push(phrase('link-panels-none', { panels: PANELS.join(', ') }));
    flags.panels = null;
  }
  if (hiddenPanels(flags).length === PANELS.length) {
    flags.warnings.push(phrase('link-hide-all'));
    flags.hide = [];
    flags.panels = null;
  }
}

function panelList(key: 'hide' | 'panels', value: string, warnings: Phrase[]): Panel[] {
  const list: Panel[] = [];
  for (const name of value.split(',').filter((n) => n !== '')) {
    if (isPanel(name)) list.push(name);
    else warnings.push(phrase('link-panel-unknown', { key, name }));
  }
  return list;
}

/** The panels a page with these flags hides: those `hide` names; with `panels`, every
 *  panel it does not name but the control bar; embedded without `panels`, the title. */
export function hiddenPanels(flags: Pick<PageFlags, 'panels' | 'hide' | 'embed'>): Panel[] {
  return PANELS.filter((panel) => {
    if (flags.hide.includes(panel)) return true;
    if (flags.panels !== null) return panel !== 'controls' && !flags.panels.includes(panel);
    return flags.embed && panel === 'header';
  });
}

/** The decoded text, or null for a malformed %-escape (decodeURIComponent throws). */
function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The page keys a link carries; those left out are not in the link. */
export type LinkFlags = Pick<PageFlags, 'run' | 'hide' | 'embed'> &
  Partial<Pick<PageFlags, 'panels' | 'speed' | 'autoplay' | 'tour' | 'activity' | 'lang'>>;

/** The full hash: the module's settings, then the page keys that are set. */
export function joinHash(settings: string, flags: LinkFlags): string {
  const parts = settings === '' ? [] : [settings];
  if (flags.run !== null) parts.push(`run=${flags.run}`);
  if (flags.panels != null) parts.push(`panels=${flags.panels.join(',')}`);
  if (flags.hide.length > 0) parts.push(`hide=${flags.hide.join(',')}`);
  if (flags.embed) parts.push('embed=1');
  if (flags.speed != null) parts.push(`speed=${flags.speed}`);
  if (flags.autoplay === true) parts.push('autoplay=1');
  if (flags.tour === true) parts.push('tour=1');
  if (flags.activity != null) {
    // Core's values are names, review numbers, commas and colons: kept readable.
    const value = encodeURIComponent(flags.activity).replaceAll('%2C', ',').replaceAll('%3A', ':');
    parts.push(`activity=${value}`);
  }
  if (flags.lang != null) parts.push(`lang=${flags.lang}`);
  return parts.join('&');
}

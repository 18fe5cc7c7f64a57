// Writes web/src/message-ids.ts, the typed accessors of the catalog (PhET's way): every
// message id of catalog/en.ftl with the variables it reads, so `t('id', { ... })` in the page
// fails to compile when the id is unknown or a variable is missing or extra.
//   npm run catalog:types          write the file
//   npm run catalog:types -- --check   exit 1 when the file is not what en.ftl gives
// tests/web/locales.test.ts runs the check too.
import { readFileSync, writeFileSync } from 'node:fs';
import { messageVariables } from '../web/src/catalog-variables.ts';

const catalog = new URL('../catalog/en.ftl', import.meta.url);
const target = new URL('../web/src/message-ids.ts', import.meta.url);

export function messageIdsSource(ftl: string): string {
  const lines = [
    '// Generated from catalog/en.ftl by scripts/catalog-types.ts (npm run catalog:types): do',
    "// not edit. Each message's variables, for the typed t() of catalog.ts.",
    "import type { FluentVariable } from '@fluent/bundle';",
    '',
    'export interface MessageArgs {',
  ];
  for (const [id, variables] of messageVariables(ftl)) {
    const fields = variables.map((name) => `${name}: FluentVariable`).join('; ');
    lines.push(`  '${id}': {${fields === '' ? '' : ` ${fields} `}};`);
  }
  lines.push('}', '');
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const source = messageIdsSource(readFileSync(catalog, 'utf8'));
  if (process.argv.includes('--check')) {
    if (readFileSync(target, 'utf8') !== source) {
      console.error('web/src/message-ids.ts is stale: run npm run catalog:types');
      process.exit(1);
    }
  } else writeFileSync(target, source);
}

// Each message's variables as @fluent/bundle's runtime parser sees a catalog (the parser the
// page uses): what the typed accessors (scripts/catalog-types.ts) and the locale tests
// compare, with no second Fluent parser. Node and page alike; the page itself never needs it.
import { FluentResource } from '@fluent/bundle';

/** The runtime AST's pieces the walk below reads (@fluent/bundle's ast.d.ts). */
type Node =
  | string
  | Node[]
  | { type: 'select'; selector: Node; variants: Array<{ value: Node }> }
  | { type: 'var'; name: string }
  | { type: 'mesg' | 'term'; name: string }
  | { type: 'func'; name: string; args: Node[] }
  | { type: 'narg'; name: string; value: Node }
  | { type: 'str' | 'num' };

function walk(node: Node | null | undefined, visit: (leaf: Exclude<Node, Node[]>) => void): void {
  if (node === null || node === undefined) return;
  if (Array.isArray(node)) {
    for (const element of node) walk(element, visit);
    return;
  }
  visit(node);
  if (typeof node === 'string') return;
  if (node.type === 'select') {
    walk(node.selector, visit);
    for (const variant of node.variants) walk(variant.value, visit);
  } else if (node.type === 'func') for (const arg of node.args) walk(arg, visit);
  else if (node.type === 'narg') walk(node.value, visit);
}

/** Every message of `ftl` (terms aside) with the variables it reads, itself and through the
 *  messages and terms it refers to, sorted: what a caller must pass it. */
export function messageVariables(ftl: string): Map<string, string[]> {
  const entries = new Map<string, Node>();
  for (const entry of new FluentResource(ftl).body) {
    entries.set(entry.id, entry.value as unknown as Node);
  }
  const variablesOf = (id: string, seen: Set<string>): Set<string> => {
    const out = new Set<string>();
    if (seen.has(id)) return out;
    seen.add(id);
    walk(entries.get(id), (leaf) => {
      if (typeof leaf === 'string') return;
      if (leaf.type === 'var') out.add(leaf.name);
      if (leaf.type === 'mesg') for (const name of variablesOf(leaf.name, seen)) out.add(name);
      if (leaf.type === 'term')
        for (const name of variablesOf(`-${leaf.name}`, seen)) out.add(name);
    });
    return out;
  };
  const result = new Map<string, string[]>();
  for (const id of entries.keys()) {
    if (id.startsWith('-')) continue;
    result.set(id, [...variablesOf(id, new Set())].sort());
  }
  return result;
}

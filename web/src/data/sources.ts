// Which kind of dataset a set of user files is: one review file, an rt-polarity pair
// (*.pos and *.neg, one review per line), or an aclImdb-style folder (pos/ and neg/
// subfolders, one review per file, the label from the folder name). Paths only; no bytes.

export interface SourceFile {
  /** Relative path as picked or dropped ("aclImdb/train/pos/0_9.txt"), or the bare name. */
  path: string;
  file: File;
}

export type SourcePlan =
  | { kind: 'text'; name: string; file: SourceFile }
  | { kind: 'paired'; name: string; positive: SourceFile; negative: SourceFile }
  | { kind: 'texts'; name: string; files: SourceFile[]; labels: Int8Array }
  | { kind: 'none'; files: number };

/** Label from the nearest folder named pos or neg (case-insensitive), 0 when none. */
function folderLabel(path: string): number {
  const folders = path.split('/').slice(0, -1).reverse();
  for (const folder of folders) {
    const name = folder.toLowerCase();
    if (name === 'pos' || name === 'positive') return 1;
    if (name === 'neg' || name === 'negative') return -1;
  }
  return 0;
}

function extension(path: string): string {
  const base = path.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot + 1).toLowerCase();
}

function stem(path: string): string {
  const base = path.split('/').pop() ?? path;
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? base : base.slice(0, dot);
}

export function planSource(files: SourceFile[]): SourcePlan {
  // Hidden files (.DS_Store) and folder listings are never reviews.
  const visible = files.filter((f) => !(f.path.split('/').pop() ?? '').startsWith('.'));
  // Sorted by path: a folder's content hash must not depend on the order a browser lists it.
  const labelled = visible
    .filter((f) => folderLabel(f.path) !== 0)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (labelled.length > 0) {
    const root = labelled[0]?.path.split('/')[0] ?? 'folder';
    return {
      kind: 'texts',
      name: labelled[0]?.path.includes('/') ? root : 'folder',
      files: labelled,
      labels: Int8Array.from(labelled, (f) => folderLabel(f.path)),
    };
  }
  const positive = visible.filter((f) => extension(f.path) === 'pos');
  const negative = visible.filter((f) => extension(f.path) === 'neg');
  if (positive.length === 1 && negative.length === 1) {
    const pos = positive[0] as SourceFile;
    return {
      kind: 'paired',
      name: stem(pos.file.name),
      positive: pos,
      negative: negative[0] as SourceFile,
    };
  }
  if (visible.length === 1) {
    const only = visible[0] as SourceFile;
    // The File's own name: a picked file's name is not a path and may even contain '/'.
    return { kind: 'text', name: only.file.name, file: only };
  }
  // The catalog's error-source-files says what was expected (the loader throws it).
  return { kind: 'none', files: visible.length };
}

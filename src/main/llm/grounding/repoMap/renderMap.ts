/**
 * Renders the repo map as compact text under a token budget. Deterministic: the same files give the same text.
 * Detail goes in this order when the map is too long: exports beyond 8 per file, then all exports, then the deepest
 * folders fold into one line each ("src/ui/widgets/ (41 files, 96K)"), then the text is cut.
 */

export interface MapFile {
  /** Relative, forward slashes. */
  rel: string;
  size: number;
  /** `kind name` entries (TS/JS files only). */
  exports?: readonly string[];
}

export interface MapManifest {
  rel: string;
  summary: string;
}

export type MapDetail = 'full' | 'capped-exports' | 'no-exports' | 'folded' | 'cut';

export interface RenderedMap {
  text: string;
  /** Estimated as characters / 4 (what the budget is measured in). */
  tokens: number;
  detail: MapDetail;
  foldedFolders: number;
}

export const EXPORTS_CAP = 8;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')}K`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')}M`;
}

interface Folder {
  path: string;
  depth: number;
  parent: Folder | undefined;
  files: MapFile[];
  children: Folder[];
  fileCount: number;
  bytes: number;
  folded: boolean;
  /** Characters of this folder's lines as rendered now (its header, files, and children as they stand). */
  chars: number;
}

const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function buildTree(files: readonly MapFile[]): { root: Folder; all: Folder[] } {
  const folder = (p: string, parent: Folder | undefined): Folder => ({
    path: p,
    depth: parent ? parent.depth + 1 : 0,
    parent,
    files: [],
    children: [],
    fileCount: 0,
    bytes: 0,
    folded: false,
    chars: 0,
  });
  const root = folder('', undefined);
  const folders = new Map<string, Folder>([['', root]]);
  const folderOf = (dir: string): Folder => {
    const known = folders.get(dir);
    if (known) return known;
    const cut = dir.lastIndexOf('/');
    const parent = folderOf(cut === -1 ? '' : dir.slice(0, cut));
    const child = folder(dir, parent);
    parent.children.push(child);
    folders.set(dir, child);
    return child;
  };
  for (const file of [...files].sort((a, b) => byPath(a.rel, b.rel))) {
    const cut = file.rel.lastIndexOf('/');
    const home = folderOf(cut === -1 ? '' : file.rel.slice(0, cut));
    home.files.push(file);
    for (let f: Folder | undefined = home; f; f = f.parent) {
      f.fileCount++;
      f.bytes += file.size;
    }
  }
  for (const f of folders.values()) f.children.sort((a, b) => byPath(a.path, b.path));
  return { root, all: [...folders.values()] };
}

function fileLine(file: MapFile, exportsCap: number): string {
  const name = file.rel.slice(file.rel.lastIndexOf('/') + 1);
  const exports = file.exports ?? [];
  const shown = exports.slice(0, exportsCap);
  const more = exports.length - shown.length;
  const tail = shown.length > 0 ? `: ${shown.join(', ')}${more > 0 ? `, +${more}` : ''}` : '';
  return `  ${name} ${formatSize(file.size)}${tail}\n`;
}

const foldedLine = (f: Folder): string => `${f.path}/ (${f.fileCount} files, ${formatSize(f.bytes)})\n`;

function render(folder: Folder, exportsCap: number, out: string[]): void {
  if (folder.folded) {
    out.push(foldedLine(folder));
    return;
  }
  if (folder.files.length > 0) out.push(`${folder.path === '' ? '.' : folder.path}/\n`);
  for (const file of folder.files) out.push(fileLine(file, exportsCap));
  for (const child of folder.children) render(child, exportsCap, out);
}

/** Characters per folder as rendered without exports, bottom up. */
function measure(folder: Folder): number {
  const own =
    (folder.files.length > 0 ? `${folder.path === '' ? '.' : folder.path}/\n`.length : 0) +
    folder.files.reduce((n, f) => n + fileLine(f, 0).length, 0);
  folder.chars = own + folder.children.reduce((n, c) => n + measure(c), 0);
  return folder.chars;
}

export function renderRepoMap(
  files: readonly MapFile[],
  manifests: readonly MapManifest[],
  budgetTokens: number,
): RenderedMap {
  const total = files.reduce((n, f) => n + f.size, 0);
  const head =
    `Project map: ${files.length} files, ${formatSize(total)}\n(size after each name; TS/JS exports after the colon)\n` +
    (manifests.length > 0
      ? `Manifests:\n${[...manifests]
          .sort((a, b) => byPath(a.rel, b.rel))
          .map((m) => `  ${m.rel}: ${m.summary}\n`)
          .join('')}`
      : '') +
    'Files:\n';
  const { root, all } = buildTree(files);
  const budgetChars = budgetTokens * 4;
  const attempt = (exportsCap: number): string => {
    const out = [head];
    render(root, exportsCap, out);
    return out.join('');
  };
  const done = (text: string, detail: MapDetail, folded = 0): RenderedMap => ({
    text,
    tokens: estimateTokens(text),
    detail,
    foldedFolders: folded,
  });

  for (const [cap, detail] of [
    [Infinity, 'full'],
    [EXPORTS_CAP, 'capped-exports'],
    [0, 'no-exports'],
  ] as const) {
    const text = attempt(cap);
    if (text.length <= budgetChars) return done(text, detail);
  }

  // Fold the deepest folders first (then the ones that save most) until the map fits.
  let length = head.length + measure(root);
  let folded = 0;
  const candidates = all
    .filter((f) => f !== root)
    .sort((a, b) => b.depth - a.depth || b.chars - a.chars || byPath(a.path, b.path));
  for (const folder of candidates) {
    if (length <= budgetChars) break;
    const saving = folder.chars - foldedLine(folder).length;
    if (saving <= 0) continue;
    folder.folded = true;
    folded++;
    length -= saving;
    for (let f = folder.parent; f; f = f.parent) f.chars -= saving;
  }
  const text = attempt(0);
  if (text.length <= budgetChars) return done(text, 'folded', folded);
  const note = '… (map cut at the token budget)\n';
  const cut = text.lastIndexOf('\n', Math.max(0, budgetChars - note.length));
  return done(text.slice(0, cut + 1) + note, 'cut', folded);
}

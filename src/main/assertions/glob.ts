// Globs of assertion targets (paths, not code): `**`, `*`, `?`, `[abc]`, `[!abc]`, `{a,b}`, matched by picomatch over
// forward-slash relative paths. Node's own fs.glob matches a folder, not one path against a pattern.
import picomatch from 'picomatch';

export function isGlob(target: string): boolean {
  return /[*?[\]{}]/.test(target);
}

/** A glob over forward-slash relative paths as an anchored RegExp; dotfiles match like any other name. */
export function globToRegExp(glob: string): RegExp {
  return picomatch.makeRe(glob, { dot: true, posix: true });
}

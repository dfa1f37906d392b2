// A small glob matcher for assertion targets (paths, not code): `**`, `*`, `?`, `[abc]`, `{a,b}`.
// Kept in-house because Node 22's fs.glob is still experimental and warns.

export function isGlob(target: string): boolean {
  return /[*?[\]{}]/.test(target);
}

function escapeChar(ch: string): string {
  return /[.+^$()|\\/]/.test(ch) ? `\\${ch}` : ch;
}

/** Compiles a glob over forward-slash relative paths into an anchored RegExp. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  let braceDepth = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        const atSegmentStart = i === 0 || glob[i - 1] === '/';
        const atSegmentEnd = i + 2 === glob.length || glob[i + 2] === '/';
        if (atSegmentStart && atSegmentEnd) {
          // `**/` matches zero or more whole segments; a trailing `**` matches everything below.
          if (glob[i + 2] === '/') {
            out += '(?:[^/]*/)*';
            i += 2;
          } else {
            out += '.*';
            i += 1;
          }
          continue;
        }
        i += 1; // `a**b` behaves like `a*b`
      }
      out += '[^/]*';
    } else if (ch === '?') {
      out += '[^/]';
    } else if (ch === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close === -1) {
        out += '\\[';
        continue;
      }
      let body = glob.slice(i + 1, close).replace(/\\/g, '\\\\');
      if (body.startsWith('!')) body = '^' + body.slice(1);
      out += `[${body}]`;
      i = close;
    } else if (ch === '{') {
      braceDepth++;
      out += '(?:';
    } else if (ch === '}' && braceDepth > 0) {
      braceDepth--;
      out += ')';
    } else if (ch === ',' && braceDepth > 0) {
      out += '|';
    } else {
      out += escapeChar(ch);
    }
  }
  while (braceDepth-- > 0) out += ')';
  return new RegExp(`^${out}$`);
}

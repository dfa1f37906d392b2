/**
 * Reading the CLI's file tools from the outside: what a call was about (its path, command or URL) and which files
 * a Glob or Grep result names. The result texts are the CLI's (measured on 2.1.186 and 2.1.330): Glob lists one path
 * per line or says "No files found"; Grep says "Found N files" and lists them, or prints `path:line:text` lines in
 * content mode and `path:count` in count mode, or "No matches found". Paths are relative to the working directory.
 */

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The path (or command, URL...) a tool call names, as the model wrote it; '' for a search of the whole project. */
export function targetOf(tool: string, input: Record<string, unknown>): string {
  switch (tool) {
    case 'Read':
    case 'Write':
    case 'Edit':
    case 'MultiEdit':
      return str(input.file_path);
    case 'Glob':
    case 'Grep':
    case 'LS':
      return str(input.path);
    case 'NotebookEdit':
      return str(input.notebook_path);
    case 'Bash':
      return str(input.command);
    case 'WebFetch':
      return str(input.url);
    case 'WebSearch':
      return str(input.query);
    default:
      return JSON.stringify(input).slice(0, 200);
  }
}

const NOTHING_FOUND = /^(No files found|No matches found)/;
/** Lines the CLI adds around a listing: "Found 3 files", "(Results are truncated...)", totals. */
const CHATTER = /^(Found \d+|\(|\[|Results are truncated|Showing )/;
const CONTENT_LINE = /^(.+?)[:-]\d+(?:[:-]|$)/;

/** The files a successful Glob or Grep result names, each once, in order. */
export function listedPaths(tool: string, content: string): string[] {
  const lines = content
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0 || NOTHING_FOUND.test(lines[0]!)) return [];
  const out: string[] = [];
  const add = (p: string): void => {
    if (p !== '' && !out.includes(p)) out.push(p);
  };
  const fileList = tool === 'Glob' || /^Found \d+ files?/.test(lines[0]!);
  for (const line of lines) {
    if (CHATTER.test(line)) continue;
    if (fileList) add(line);
    else add(CONTENT_LINE.exec(line)?.[1] ?? '');
  }
  return out;
}

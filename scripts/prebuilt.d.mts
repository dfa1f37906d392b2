export const ENTRIES: { cli: string; host: string };
export function freshBuild(root: string): string | null;
export function build(root: string): Promise<string>;
export function loadEntry(
  root: string,
  name: keyof typeof ENTRIES,
  say: (line: string) => void,
): Promise<Record<string, unknown>>;

export const ENTRIES: { cli: string; host: string };
/** [modification time, size] by root-relative path (with `/`). */
export type Stamps = Map<string, [number, number]>;
export function stampTree(root: string, dirs: readonly string[]): { stamps: Stamps; newest: number };
export function freshBuild(root: string, known?: Stamps): string | null;
export function build(root: string): Promise<string>;
export function loadEntry(
  root: string,
  name: keyof typeof ENTRIES,
  say: (line: string) => void,
  known?: Stamps,
  cacheTag?: string,
): Promise<Record<string, unknown>>;

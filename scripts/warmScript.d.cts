export function cachePath(file: string, tag: string): string;
export function loadWarm(file: string, tag: string): Record<string, unknown>;

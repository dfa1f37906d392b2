export function commandOf(args: readonly string[]): string;

export const MIN_NODE_MAJOR: number;
export function nodeVersionProblem(version: string): string | null;
export function requireSupportedNode(): void;

export const MIN_NODE_MAJOR: number;
export function nodeVersionProblem(version: string): string | null;
export function checkoutNode(root: string): string | null;
export function requireSupportedNode(root?: string, entry?: string): void;
export function installNote(userAgent: string | undefined): string | null;

export const CLI_PACKAGE: string;
export function compareVersions(a: string, b: string): number;
export function pickBuilds(published: readonly string[], pinned?: readonly string[]): string[];
export function pinnedVersions(manifest: {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}): string[];
export function cacheRoot(env?: NodeJS.ProcessEnv): string;
export function isInstalled(prefix: string, version: string): boolean;

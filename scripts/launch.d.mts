export type BinaryProbe = { path: string } | { missing: string };
export type DownloadResult = { ok: true } | { ok: false; reason: string };
export type Launch =
  { kind: 'desktop'; path: string } | { kind: 'host'; reason: string | null; retry: string | null };
export const RETRY_DOWNLOAD: string;
export function decideLaunch(io: {
  hostOnly: boolean;
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  findBinary: () => BinaryProbe;
  download: () => Promise<DownloadResult>;
  say: (line: string) => void;
}): Promise<Launch>;
export function fallbackLine(launch: { reason: string | null; retry: string | null }): string;

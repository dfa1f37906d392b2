/** Links that may leave the app for the system browser: web pages only, never file:, javascript:, custom schemes. */
export function isSafeExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0 && !url.username;
}

/** A lowercase, dash-separated name of at most `max` characters ("export-the-report"), for branches and folders. */
export function slugOf(text: string, max: number): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // the accents NFKD split off: "é" stays a letter ("e")
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || 'story';
}

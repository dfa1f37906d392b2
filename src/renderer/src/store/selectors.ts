import type { LogLine } from '../../../shared/log';
import type { AppState } from './types';

/** Lines the Activity panel shows under the current level and text filters. */
export function visibleLines(s: Pick<AppState, 'lines' | 'levelFilter' | 'textFilter'>): LogLine[] {
  const text = s.textFilter.trim().toLowerCase();
  return s.lines.filter(
    (l) =>
      s.levelFilter[l.level] &&
      (text === '' || l.message.toLowerCase().includes(text) || l.scope.toLowerCase().includes(text)),
  );
}

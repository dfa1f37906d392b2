/**
 * The panel the user is on, kept in the tab's sessionStorage so a reload comes back to it (a new tab or window
 * starts on the Project panel). Best effort: a storage that is unavailable or holds something else is ignored.
 */
import type { View } from '../store/types';

const KEY = 'puffin.view.v1';
const VIEWS: readonly View[] = [
  'project',
  'prompt',
  'backlog',
  'sprints',
  'board',
  'history',
  'assertions',
  'settings',
  'activity',
];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberedView(): View | null {
  try {
    const v = storage()?.getItem(KEY);
    return VIEWS.find((view) => view === v) ?? null;
  } catch {
    return null;
  }
}

export function rememberView(view: View): void {
  try {
    storage()?.setItem(KEY, view);
  } catch {
    // The panel is shown all the same; only a reload will not come back to it.
  }
}

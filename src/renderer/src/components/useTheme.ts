import { useEffect } from 'react';
import type { Theme } from '../../../shared/settings';

/** Applies the chosen theme to <html data-theme>, following the OS when it is "system". */
export function useTheme(theme: Theme | undefined): void {
  useEffect(() => {
    const root = document.documentElement;
    const media =
      typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
    const apply = () => {
      const resolved = theme === 'light' || theme === 'dark' ? theme : media?.matches ? 'dark' : 'light';
      root.dataset.theme = resolved;
    };
    apply();
    media?.addEventListener('change', apply);
    return () => media?.removeEventListener('change', apply);
  }, [theme]);
}

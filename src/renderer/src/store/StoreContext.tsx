import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { AppStore } from './appStore';
import type { AppState } from './types';

const StoreContext = createContext<AppStore | null>(null);

export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useApp<T>(selector: (s: AppState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useApp must be used inside <StoreProvider>');
  return useStore(store, selector);
}

/**
 * Several fields of the state in one subscription: `const { project, stories } = useAppFields('project', 'stories')`.
 * The component re-renders when one of them changes, as with one useApp per field.
 */
export function useAppFields<K extends keyof AppState>(...keys: K[]): Pick<AppState, K> {
  return useApp(
    useShallow((s) => {
      const picked = {} as Pick<AppState, K>;
      for (const k of keys) picked[k] = s[k];
      return picked;
    }),
  );
}

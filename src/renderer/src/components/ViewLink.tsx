import type { ReactNode } from 'react';
import { useApp } from '../store/StoreContext';
import type { View } from '../store/types';

/** A link to another panel (a link, not a button, so it never shares a button's name with the nav). */
export function ViewLink({ view, children }: { view: View; children: ReactNode }) {
  const setView = useApp((s) => s.setView);
  return (
    <a
      href={`#${view}`}
      className="view-link"
      onClick={(e) => {
        e.preventDefault();
        setView(view);
      }}
    >
      {children}
    </a>
  );
}

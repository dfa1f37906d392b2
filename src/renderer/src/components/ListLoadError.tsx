import { describeError } from '../lib/errorHelp';
import { useApp } from '../store/StoreContext';
import type { LoadedList } from '../store/types';

/** Why a list could not be loaded, or undefined: a panel shows its "none yet" text only when this is undefined. */
export function useLoadError(list: LoadedList) {
  return useApp((s) => s.loadErrors[list]);
}

/**
 * A list that failed to load, said as such (e.g. the host refused a page whose token is stale): never shown as an
 * empty list, which would tell the user their data is gone.
 */
export function ListLoadError({ list, what }: { list: LoadedList; what: string }) {
  const error = useLoadError(list);
  if (!error) return null;
  const help = describeError(error);
  return (
    <p role="alert" className="field-error" data-code={error.code}>
      Could not load {what}: {help.title}. {help.next}
    </p>
  );
}

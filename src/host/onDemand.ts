/**
 * A value made the first time it is asked for. `value` follows it without asking for it, so a listener can wait
 * for it (or see it fail) without being the one that starts it.
 */
export interface OnDemand<T> {
  /** Starts making the value (once) and returns it. */
  get(): Promise<T>;
  /** Settles once the value is made (or fails); never starts it. */
  readonly value: Promise<T>;
  /** True once get() was called. */
  readonly started: boolean;
}

export function onDemand<T>(make: () => Promise<T>): OnDemand<T> {
  let settle!: (made: Promise<T>) => void;
  const value = new Promise<T>((resolve) => (settle = resolve));
  // Whoever asks for the value sees its failure; an unobserved `value` must not also report it as unhandled.
  value.catch(() => {});
  let started = false;
  return {
    value,
    get started() {
      return started;
    },
    get() {
      if (!started) {
        started = true;
        settle(new Promise<T>((resolve) => resolve(make())));
      }
      return value;
    },
  };
}

// picomatch ships no types: the one function Puffin calls, as its README documents it.
declare module 'picomatch' {
  interface PicomatchOptions {
    /** Let `*`, `?` and `**` match names that start with a dot. */
    dot?: boolean;
    /** POSIX bracket rules: `[!ab]` is a negated class (without it picomatch also reads the brackets literally). */
    posix?: boolean;
  }
  const picomatch: {
    makeRe(glob: string, options?: PicomatchOptions): RegExp;
  };
  export default picomatch;
}

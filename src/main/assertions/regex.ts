// User regexes run inside a vm context with a real wall-clock timeout: V8 interrupts a backtracking regex when the
// watchdog fires, so a catastrophic pattern costs at most `timeoutMs` instead of hanging the app. Starting the
// watchdog costs ~0.5 ms, so all files of one assertion are searched in a single bounded call.
import vm from 'node:vm';
import { AssertionEvalError, malformed } from './errors';

export interface RegexHit {
  /** Index into the searched texts. */
  text: number;
  index: number;
}

// The pattern is compiled inside the context so that execution (and its timeout) belongs to the script.
const SEARCH = new vm.Script(`
  (() => {
    const re = new RegExp(pattern, flags);
    for (let i = 0; i < texts.length; i++) {
      const m = re.exec(texts[i]);
      if (m !== null) return { text: i, index: m.index };
    }
    return null;
  })()
`);

export class BoundedRegex {
  private readonly context = vm.createContext({ pattern: '', flags: '', texts: [] as string[] });

  constructor(private readonly timeoutMs: number) {}

  /** Throws an error result for an invalid pattern; call before searching so bad input is named clearly. */
  static check(pattern: string, flags: string, field = 'assertion.pattern'): void {
    try {
      new RegExp(pattern, flags);
    } catch (err) {
      throw malformed(field, `is not a valid regular expression (${(err as Error).message})`);
    }
  }

  /** First match of `pattern` in `texts` (in order), or null; an error result when the whole search exceeds the bound. */
  search(pattern: string, flags: string, texts: readonly string[]): RegexHit | null {
    Object.assign(this.context, { pattern, flags, texts });
    try {
      // The result object comes from another realm; copy the two numbers out.
      const hit = SEARCH.runInContext(this.context, { timeout: this.timeoutMs }) as RegexHit | null;
      return hit === null ? null : { text: hit.text, index: hit.index };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
        throw new AssertionEvalError(
          `regex /${pattern}/ timed out after ${this.timeoutMs} ms (catastrophic backtracking?); simplify the pattern`,
        );
      }
      throw new AssertionEvalError(`regex /${pattern}/ failed: ${(err as Error).message}`);
    } finally {
      // Do not keep file texts alive through the shared context.
      this.context.texts = [];
    }
  }
}

// User regexes run inside a vm context with a real wall-clock timeout: V8 interrupts a backtracking regex when the
// watchdog fires, so a catastrophic pattern costs at most `timeoutMs` instead of hanging the app.
import vm from 'node:vm';
import { AssertionEvalError, malformed } from './errors';

export interface RegexHit {
  index: number;
  length: number;
}

// The pattern is compiled inside the context so that execution (and its timeout) belongs to the script.
const SEARCH = new vm.Script(`
  (() => {
    const re = new RegExp(pattern, flags);
    const m = re.exec(text);
    return m === null ? null : { index: m.index, length: m[0].length };
  })()
`);

export class BoundedRegex {
  private readonly context = vm.createContext({ pattern: '', flags: '', text: '' });

  constructor(private readonly timeoutMs: number) {}

  /** Throws an error result for an invalid pattern; call before searching so bad input is named clearly. */
  static check(pattern: string, flags: string, field = 'assertion.pattern'): void {
    try {
      new RegExp(pattern, flags);
    } catch (err) {
      throw malformed(field, `is not a valid regular expression (${(err as Error).message})`);
    }
  }

  /** First match of `pattern` in `text`, or null; an error result when the search exceeds the time bound. */
  search(pattern: string, flags: string, text: string): RegexHit | null {
    Object.assign(this.context, { pattern, flags, text });
    try {
      // The result object comes from another realm; copy the two numbers out.
      const hit = SEARCH.runInContext(this.context, { timeout: this.timeoutMs }) as RegexHit | null;
      return hit === null ? null : { index: hit.index, length: hit.length };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
        throw new AssertionEvalError(
          `regex /${pattern}/ timed out after ${this.timeoutMs} ms (catastrophic backtracking?); simplify the pattern`,
        );
      }
      throw new AssertionEvalError(`regex /${pattern}/ failed: ${(err as Error).message}`);
    } finally {
      // Do not keep a large file's text alive through the shared context.
      this.context.text = '';
    }
  }
}

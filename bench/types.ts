/** A benchmark module: measures in-process against a baseline and returns a markdown section. */
export interface BenchModule {
  /** Section heading in docs/benchmarks.md. */
  title: string;
  run(): Promise<string>;
}

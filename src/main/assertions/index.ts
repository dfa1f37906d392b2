// Public surface of the assertion engine.
export { EvaluationContext, type EvaluateOptions } from './context';
export { evaluateAssertion, evaluateAssertions, type RawAssertion } from './evaluate';
export { checkDiscriminating, coverage, criterionIndex, type DiscriminationReport } from './selfCheck';
export { appendRun, readHistory, resultsPath, type AppendOutcome, type HistoryRead } from './resultStore';
export { firstPassed, latestResults } from './history';
export { headCommit as readGitCommit } from '../base/gitRepo';
export {
  AssertionInputError,
  parseAssertionSet,
  readAssertionsFile,
  readStoryAssertions,
  storyAssertionsPath,
} from './input';

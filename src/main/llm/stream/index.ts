export type * from './cliEvents';
export { StreamJsonReader, parseTranscript, GARBAGE_LINE_LIMIT } from './streamJsonReader';
export { LineSplitter, MAX_LINE_CHARS } from './lineSplitter';

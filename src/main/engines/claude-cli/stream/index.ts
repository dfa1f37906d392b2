export type * from './cliEvents';
export { StreamJsonReader, parseTranscript, GARBAGE_LINE_LIMIT, type ReaderSink } from './streamJsonReader';
export { LineSplitter, MAX_LINE_CHARS } from './lineSplitter';

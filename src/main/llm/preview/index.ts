export { PartialJsonParser } from './partialJsonParser';
export type { JsonPath, PartialJsonOptions, PreviewEvent, WatchPattern } from './previewEvents';

// The files Puffin itself writes into a project: its store, the sprint exports, the CI workflow and its JUnit report.
// A change to one of them is Puffin at work, never a change the plan forgot.
import { STORE_DIR } from '../../shared/project';
import { EXPORT_DIR } from '../plans/exportMarkdown';
import { JUNIT_FILE, WORKFLOW_FILE } from './ciWorkflow';

const FOLDERS = [STORE_DIR, EXPORT_DIR.replace(/\\/g, '/')].map((f) => `${f}/`);
const FILES = new Set([WORKFLOW_FILE, JUNIT_FILE]);

/** Whether a project-relative path (forward slashes) is one of Puffin's own outputs. */
export function isPuffinOutput(rel: string): boolean {
  return FILES.has(rel) || FOLDERS.some((f) => rel.startsWith(f));
}

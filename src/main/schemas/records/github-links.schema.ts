/**
 * `github/<key>.json`: which GitHub issue belongs to which story and which milestone to which sprint, for one
 * repository (`key` = API host, owner and name), so a rerun of the export updates the same issues.
 */
import { DRAFT_07, id, record, text, time } from './parts';

const issueLink = record(undefined, { number: { type: 'integer', minimum: 1 }, url: text, exportedAt: time });
const milestone = record(undefined, { number: { type: 'integer', minimum: 1 }, title: text });

export default {
  $schema: DRAFT_07,
  ...record('GithubLinks', {
    key: id,
    version: { const: 1 },
    /** OWNER/NAME */
    repo: text,
    apiUrl: text,
    /** Sprint id → its milestone. */
    milestones: { type: 'object', additionalProperties: milestone },
    /** Story id → its issue. */
    issues: { type: 'object', additionalProperties: issueLink },
  }),
};

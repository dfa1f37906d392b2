import type { ErrorCode } from '../../../shared/errors';
import { again, fix, INSTALL_COMMAND, type FaceText, type HelpEntry } from './errorHelpEntry';
import { TOOLS_HELP } from './errorHelpTools';
import { TRACKERS_HELP } from './errorHelpTrackers';

export { INSTALL_COMMAND, type HelpEntry };

const FORMAT = "Claude's answer did not match the expected format";
const FORMAT_NEXT = 'Retry; rewording the request can help. What Claude answered is in the Activity panel.';
const HOST_URL = 'Open Puffin with the URL it printed at start-up (it contains ?token=…).';
/** Host refusals: in a browser tab, a fresh link; the desktop window never talks to the host, so restart it. */
const hostRefused = (browser: string): FaceText => ({ desktop: RESTART, browser });
const RESTART = 'Quit Puffin and start it again.';
const REGENERATE = 'Regenerate the item again; the plan was left unchanged.';
/** `not_found` when no project is open: a folder to open, never a list inside a project. */
export const NOT_FOUND_WITHOUT_PROJECT =
  'It may have been deleted or moved: check the folder’s path, then open it again.';

/**
 * Every code's help: a code without an entry does not compile. When you add a code to src/shared/errors.ts, add its
 * entry here (the journeys' families) or in errorHelpTools.ts (assertions, verify, GitHub, headless, legacy).
 */
export const ERROR_HELP: Record<ErrorCode, HelpEntry> = {
  // The Claude Code CLI and its answers.
  cli_not_found: again(
    'Claude Code CLI not found',
    'Install it, or set the path to the claude binary in Settings → Claude Code CLI path, then retry.',
    { command: INSTALL_COMMAND, openSettings: true },
  ),
  cli_not_executable: again(
    'The Claude Code CLI cannot be run',
    'Set Settings → Claude Code CLI path to the claude program itself (a file your user may run, whose interpreter is installed), then retry.',
    { openSettings: true },
  ),
  not_logged_in: again(
    'Claude Code is not logged in',
    'Run `claude` in a terminal, then /login (with an API key instead: check ANTHROPIC_API_KEY where Puffin was started). Come back and retry.',
    { command: 'claude' },
  ),
  rate_limited: again('Rate limited', 'Puffin retried already. Wait a minute, then retry.', {
    waitsForRetryAfter: true,
  }),
  overloaded: again('Claude is overloaded', 'Puffin retried already. Wait a minute, then retry.', {
    waitsForRetryAfter: true,
  }),
  api_error: again(
    'The Claude API returned an error',
    'Retry in a moment; if it keeps failing, check status.anthropic.com.',
  ),
  max_turns: again(
    'Claude ran out of turns',
    'Retry; if it happens again, make the request smaller or more focused so Claude needs fewer steps.',
  ),
  max_budget: again(
    'Spending limit reached',
    'Make the request smaller (fewer stories, a shorter feature request), then retry.',
  ),
  structured_output_retries_exhausted: again(FORMAT, FORMAT_NEXT),
  no_structured_output: again(FORMAT, FORMAT_NEXT),
  validation_failed: again(FORMAT, FORMAT_NEXT),
  schema_dropped: again('Your Claude Code CLI is too old', `Update it (${INSTALL_COMMAND}), then retry.`, {
    command: INSTALL_COMMAND,
  }),
  invalid_schema: fix(
    'Puffin sent an invalid output schema',
    'This is a bug in Puffin, not in your request, so retrying will not help. The Activity panel has the details for a bug report.',
  ),
  timeout: again('Timed out', 'Retry, or split the request into smaller ones.'),
  cancelled: fix('Cancelled', 'What was complete is kept. Run the request again when you are ready.', {
    info: true,
  }),
  crashed: again(
    'The Claude Code CLI stopped unexpectedly',
    'Retry. If it keeps happening, check that `claude` starts in a terminal; its output is in the Activity panel.',
    { command: 'claude' },
  ),
  no_result: again(
    'The Claude Code CLI ended without an answer',
    'Retry; what the CLI printed is in the Activity panel.',
  ),
  command_too_long: fix(
    'The request does not fit the command line',
    'Set the path of claude.exe (or of @anthropic-ai/claude-code’s cli.js) in Settings → Claude Code CLI path, then retry.',
    { openSettings: true },
  ),
  execution_error: again(
    'The Claude Code CLI reported an error',
    'Retry; the errors it reported are in the Activity panel.',
  ),
  garbage_output: again(
    'The Claude Code CLI printed unreadable output',
    `Retry. If it keeps happening, update the CLI (${INSTALL_COMMAND}).`,
    { command: INSTALL_COMMAND },
  ),
  // Every engine (API providers included).
  truncated: again('The answer was cut off', 'Retry; a smaller request gives a shorter answer.'),
  provider_unavailable: fix(
    'This engine is not available',
    'Choose another provider (claude-cli works wherever Claude Code is installed), then retry.',
  ),
  no_api_key: fix(
    'No API key for this provider',
    'Set ANTHROPIC_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY for the provider you chose (for bedrock, AWS credentials and AWS_REGION), then retry.',
  ),
  auth_failed: fix(
    'The provider refused the API key',
    'Check the key is valid and allowed to use this model, then retry.',
    { openSettings: true },
  ),
  no_model: fix('No model chosen', 'Choose a model for this provider in Settings, then retry.', {
    openSettings: true,
  }),
  refused: fix(
    'The model declined to answer',
    'Rephrase the request (or choose another model), then run it again.',
  ),
  structured_output_unsupported: fix(
    'This model cannot return structured data',
    'Choose a model that supports structured output or tool calling, or another output mode, then retry.',
    { openSettings: true },
  ),
  server_unavailable: again(
    'The provider cannot be reached',
    'Check the server is running and its address (base URL) is right, then retry.',
  ),

  // The contract and its transports.
  unknown_channel: fix('This version of the window does not match Puffin', {
    desktop: `${RESTART} Then try again.`,
    browser: 'Reload the page, then try again.',
  }),
  invalid_payload: fix(
    'Puffin refused the request',
    'Correct the values Puffin refused (each is listed with the error), then try again.',
  ),
  not_found: fix(
    'Not found',
    'It may have been deleted or moved: check the path, or pick it again from its list (e.g. reopen the sprint from Sprints).',
  ),
  not_supported: fix('Not available here', {
    desktop: 'This window cannot do that: type the value instead.',
    browser:
      'A browser tab cannot do that (e.g. it has no folder dialog): type the value (such as the folder’s path) instead.',
  }),
  internal_error: again(
    'Puffin hit an unexpected error',
    'Try again; if it keeps happening, the Activity panel has the details for a bug report.',
  ),
  forbidden_sender: fix('This window may not call Puffin', {
    desktop: 'Use Puffin’s own window and close this one.',
    browser: HOST_URL,
  }),
  unauthorized: fix('The Puffin host refused this page', hostRefused(HOST_URL)),
  forbidden_host: fix(
    'The Puffin host refused this address',
    hostRefused(`Use 127.0.0.1, not another name. ${HOST_URL}`),
  ),
  forbidden_origin: fix('Another site tried to use Puffin', hostRefused(HOST_URL)),
  method_not_allowed: fix('The Puffin host refused the request', hostRefused(`Reload the page. ${HOST_URL}`)),
  bad_request: fix('The Puffin host could not read the request', hostRefused(`Reload the page. ${HOST_URL}`)),
  token_in_url: fix(
    'The token belongs in a header, not in the address',
    hostRefused(
      'Reload the page from the URL Puffin printed at start-up; API clients send the token in the x-puffin-token header.',
    ),
  ),
  keychain_unavailable: fix(
    'No keychain here',
    'Keys can be stored only in the desktop app. Set ANTHROPIC_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY in the environment Puffin is started from, then restart it.',
  ),
  host_unreachable: again('The Puffin host is not answering', {
    desktop: `${RESTART} Then retry.`,
    browser:
      'Check that the terminal that started Puffin (npm run serve) is still running; restart it if needed, then retry.',
  }),

  // Projects and their store.
  no_project: fix('No project open', 'Open a project in the Project panel first.', { openProject: true }),
  not_a_directory: fix('That is a file, not a folder', 'Enter or choose the project’s folder instead.'),
  not_writable: fix(
    'Puffin cannot write to this folder',
    'Check the folder’s permissions (Puffin keeps its data in .puffin inside it), or choose another folder.',
  ),
  store_too_new: fix(
    'Written by a newer Puffin',
    'Update Puffin to open this project; this version cannot read its data safely.',
  ),
  store_error: fix(
    'The project’s data could not be read',
    'Check the project’s .puffin folder (a full disk, files removed by hand?), then open the project again.',
    { openProject: true },
  ),

  store_not_writable: again(
    'Puffin cannot write the project’s .puffin folder',
    'Make the .puffin folder (and its files) writable for your user, or copy the project to a writable disk, then retry. Nothing was saved.',
  ),
  disk_full: again(
    'The disk is full',
    'Free some space on the disk that holds the project, then retry. Nothing was saved.',
  ),

  not_a_project_folder: fix(
    'Not a project folder',
    'Choose the folder of one project (the one that holds its source code), not the root or your home folder.',
    { openProject: true },
  ),

  outside_project: fix(
    'That path leads outside the project',
    'Puffin writes and opens files only inside the project folder: replace the symbolic link named in the message with a real folder, or pick a path inside the project.',
  ),

  // Stories.
  duplicate_id: fix('Already started', 'This request is running already: wait for it, or start a new one.'),
  invalid_draft: fix('Fix the stories first', 'Give every story a title, then request changes again.'),
  interrupted: again('Interrupted', 'Puffin stopped while this was running: run the request again.'),

  // Plans.
  busy: again('Already working on this sprint', 'Wait for the running step, or cancel it, then retry.'),
  sprint_closed: fix('The sprint is not open', 'Press “Reopen sprint” to change it.'),
  no_questions: fix('Not analyzed yet', 'Press “Analyze” first.'),
  no_plan: fix('No plan yet', 'Generate the plan first (answer the questions, then “Generate plan”).'),
  not_approved: fix('Plan not approved', 'Approve the current revision of the plan, then generate specs.'),
  no_plan_item: fix(
    'The approved plan has no item for this story',
    'Refine the plan (or regenerate it) so the story has an item, approve it, then generate specs again.',
  ),
  no_item_for_story: again('Claude’s answer missed this story', REGENERATE),
  plan_graph_invalid: fix(
    'The plan’s dependencies have issues',
    'Fix the issues listed under Dependencies: refine the plan or regenerate the items concerned.',
  ),
  plan_file_mismatch: fix(
    'The plan does not match the project folder',
    'Refine the plan, or press “Approve anyway (file mismatches)” if the plan is right.',
  ),
  item_missing: again('Claude’s answer had no item for this story', REGENERATE),
  item_ambiguous: again(
    'Several plan items for one story',
    'Regenerate the item again, or refine the plan so each story has one item.',
  ),
  story_mismatch: again('Claude’s answer was for another story', REGENERATE),
  not_in_plan: fix(
    'This story is not in the plan',
    'Refine the plan (or generate a new one) so it has an item for the story; only existing items can be regenerated.',
  ),

  budget_exceeded: fix(
    'The sprint’s budget is spent',
    'Raise the sprint’s budget (or remove it), then run the step again.',
  ),

  ...TOOLS_HELP,
  ...TRACKERS_HELP,
};

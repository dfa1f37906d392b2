/**
 * What a user of the headless command line can do about each error code, in its own terms: flags, environment
 * variables, files and shell commands; never the app's Settings, panels or buttons (those are the renderer's help,
 * src/renderer/src/lib/errorHelpText.ts). A code without advice does not compile.
 */
import type { ErrorCode } from '../shared/errors';

const RUN_AGAIN = 'Run the command again.';
const CLI_PATH = 'set PUFFIN_CLAUDE_PATH to the claude binary';
const VERBOSE = 'Run it again with --verbose to see what the CLI printed on stderr.';
const FORMAT = 'Run the command again; rewording the request can help. The problems are in error.details.';
const HOST_ONLY =
  'This comes from the browser host, not the command line: open the URL the host printed at start-up.';
const ASSERTIONS = 'Generate the story’s assertions again (`puffin plan assertions`), then run them.';
const GITHUB_AGAIN = 'Run `puffin github export` again';
const TRACKER_AGAIN = 'Run the same jira or linear command again';
const REGENERATE = 'Run `puffin plan regenerate-item` again; the plan was left unchanged.';
const IN_THE_APP = 'in the app (the sprint view), then run the command again.';
const RAISE_BUDGET =
  'raise it (`puffin sprint budget --project DIR --sprint ID --usd N`) or remove it (`puffin sprint budget --project DIR --sprint ID --none`)';

export const HEADLESS_ADVICE: Record<ErrorCode, string> = {
  cli_not_found: `Install it (\`npm install -g @anthropic-ai/claude-code\`) or ${CLI_PATH}, then run the command again.`,
  cli_not_executable: `Check that the path names the claude program itself (a file, executable, whose interpreter is installed), or ${CLI_PATH}.`,
  not_logged_in:
    'Run `claude` in a terminal and log in with /login, or set a valid ANTHROPIC_API_KEY, then run the command again.',
  rate_limited:
    'Wait a few minutes (error.details.retryAfterMs says how long when the API did), then run the command again.',
  overloaded: 'Wait a minute, then run the command again.',
  api_error: `${RUN_AGAIN} If it keeps failing, check status.anthropic.com.`,
  max_turns:
    'Run the command again with a higher --max-turns (where the command has it), or make the request smaller.',
  max_budget: `The sprint’s budget capped this call: ${RAISE_BUDGET}, or make the request smaller.`,
  structured_output_retries_exhausted: FORMAT,
  no_structured_output: FORMAT,
  validation_failed: FORMAT,
  schema_dropped: 'Update the CLI (`npm install -g @anthropic-ai/claude-code`), then run the command again.',
  invalid_schema:
    'Fix the schema given with --schema (a draft-07 JSON Schema whose root is an object); error.message says what the CLI refused.',
  timeout: `${RUN_AGAIN} If it keeps timing out, split the request into smaller ones.`,
  cancelled: 'The command was interrupted (Ctrl-C, kill or a closed terminal). Run it again when ready.',
  crashed: `${RUN_AGAIN} ${VERBOSE}`,
  no_result: `${RUN_AGAIN} ${VERBOSE}`,
  execution_error: `${RUN_AGAIN} The CLI’s own errors are in error.details.errors.`,
  garbage_output: `${RUN_AGAIN} If it keeps happening, update the CLI (\`npm install -g @anthropic-ai/claude-code\`).`,
  command_too_long:
    'Set PUFFIN_CLAUDE_PATH to claude.exe (or to @anthropic-ai/claude-code’s cli.js), then run the command again.',
  provider_unavailable: 'Run the command with another --provider (claude-cli is the default).',
  no_api_key:
    'Set the provider’s key in the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY; for bedrock, AWS credentials and AWS_REGION), then run the command again.',
  auth_failed:
    'Check the provider’s key in the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY; for bedrock, the AWS credentials) and that it may use --model, then run the command again.',
  no_model: 'Give the model with --model M, then run the command again.',
  refused: 'Reword the request, or run it with another --model.',
  structured_output_unsupported:
    'Run it with a --model that supports structured output or tool calling, or another --mode (auto|native|tool).',
  server_unavailable:
    'Start the provider’s server, or give its address with --base-url URL, then run the command again.',

  unknown_channel:
    'This Puffin is inconsistent with itself: reinstall it (`npm install`), then run the command again.',
  invalid_payload:
    'Correct the flags error.details lists (each names the refused field), then run the command again.',
  not_found:
    'Check the id or path you gave: `puffin stories list --project DIR` lists the stories, `puffin sprint list --project DIR` the sprints.',
  not_supported: 'The command line cannot do this: pass the value as a flag instead.',
  internal_error: `${RUN_AGAIN} If it keeps happening, run it with PUFFIN_DEBUG=1 and report what stderr shows.`,
  forbidden_sender: HOST_ONLY,
  unauthorized: HOST_ONLY,
  forbidden_host: HOST_ONLY,
  forbidden_origin: HOST_ONLY,
  method_not_allowed: HOST_ONLY,
  bad_request: HOST_ONLY,
  token_in_url: 'Send the host’s token in the x-puffin-token header, not in the address.',
  keychain_unavailable: 'Set ANTHROPIC_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY in the environment instead.',
  host_unreachable: 'Start the browser host (`npm run serve`) and use the URL it prints.',

  no_project: 'Pass the project folder with --project DIR.',
  not_a_directory: 'Pass the project’s folder with --project, not a file.',
  not_writable:
    'Make the folder writable for your user (Puffin keeps its data in .puffin inside it), or pass another --project.',
  store_too_new: 'Update Puffin: this project was written by a newer version.',
  store_error:
    'Check the project’s .puffin folder (a full disk, files removed by hand?), then run the command again.',
  store_not_writable:
    'Make the .puffin folder and its files writable for your user, then run the command again. Nothing was saved.',
  disk_full:
    'Free some space on the disk that holds the project, then run the command again. Nothing was saved.',
  outside_project:
    'Puffin writes only inside the project folder: replace the symbolic link named in error.message with a real folder, then run the command again.',
  not_a_project_folder: 'Pass the folder of one project with --project, not the root or your home folder.',

  duplicate_id: 'This request is running already: wait for it to finish.',
  invalid_draft: 'Give every story in the --stories file a title, then run the command again.',
  interrupted: 'Puffin stopped while this was running: run the command again.',

  busy: 'Another command is working on this sprint: wait for it, then run the command again.',
  sprint_closed: `Reopen the sprint ${IN_THE_APP}`,
  no_questions: 'Run `puffin plan analyze` for the sprint first.',
  no_plan: 'Run `puffin plan generate` for the sprint first.',
  not_approved: 'Approve the plan’s current revision (`puffin plan approve`), then run the command again.',
  no_plan_item:
    'Refine the plan (`puffin plan refine`) so the story has an item, approve it, then generate specs again.',
  no_item_for_story: REGENERATE,
  item_missing: REGENERATE,
  story_mismatch: REGENERATE,
  item_ambiguous:
    'Run `puffin plan regenerate-item` again, or refine the plan (`puffin plan refine`) so each story has one item.',
  not_in_plan:
    'Refine the plan (`puffin plan refine`) so it has an item for the story; only existing items can be regenerated.',
  plan_graph_invalid: 'Refine the plan (`puffin plan refine`) to fix the dependencies error.details lists.',
  plan_file_mismatch:
    'Refine the plan (`puffin plan refine`), or approve it with `puffin plan approve --accept-file-mismatches` if it is right.',
  budget_exceeded: `The sprint’s budget is spent: ${RAISE_BUDGET}, then run the command again.`,

  file_not_found: ASSERTIONS,
  invalid_json: 'Fix the JSON of the file named in error.message, or generate the assertions again.',
  invalid_assertions: ASSERTIONS,
  invalid_story_id: 'Pass a story id (`puffin stories list --project DIR` lists them).',

  not_git_repo: 'Run `git init` in the project folder and commit, then run the command again.',
  not_a_git_repo: 'Run `git init` in the project folder and commit once, then run `puffin implement` again.',
  git_failed: 'Check that git is installed and works in the project folder, then run the command again.',
  hook_exists:
    'Add `puffin verify --project <dir>` to the existing hook yourself, or move it aside and install again.',
  workflow_exists:
    'Add the `puffin verify` step to the existing workflow yourself, or move it aside and write it again.',
  not_verified:
    'Make the failing assertions named in the message pass (`puffin verify`), then set the story done again.',
  unspecified:
    'Generate the story’s assertions first (`puffin plan assertions --project <dir> --sprint <id>`), then verify it.',
  puffin_source_unknown:
    'Run `puffin ci init` with Puffin from a clone of its repository (git clone, npm install, npm link).',

  github_no_token: `Set GITHUB_TOKEN to a token with access to the repository’s issues. ${GITHUB_AGAIN}.`,
  github_unauthorized: `Set GITHUB_TOKEN to a valid token. ${GITHUB_AGAIN}.`,
  github_forbidden: `Give the token write access to the repository’s issues. ${GITHUB_AGAIN}.`,
  github_repo_not_found:
    'Check --repo OWNER/NAME (and --api-url for GitHub Enterprise), and that the token can see the repository.',
  github_not_found: `${GITHUB_AGAIN}; issues removed on GitHub are recreated.`,
  github_validation: `Fix what GitHub listed in error.message. ${GITHUB_AGAIN}.`,
  github_rate_limited: `Wait until the time GitHub gave. ${GITHUB_AGAIN}.`,
  github_issues_disabled: `Turn issues on in the repository’s settings on GitHub. ${GITHUB_AGAIN}.`,
  github_unreachable: `Check the network (and --api-url). ${GITHUB_AGAIN}.`,
  spec_malformed:
    'Fix the file at the line named (or export it again from its tool), then import again; nothing was written.',
  spec_not_found:
    'Name the folder an export wrote, the format’s own folder (openspec/, specs/, .kiro/specs/, backlog/) or a plan file.',
  spec_too_large: 'Name the format’s own folder rather than a whole tree.',
  github_error: `${GITHUB_AGAIN} in a moment; the export picks up where it stopped.`,
  tracker_no_credentials:
    'Set JIRA_EMAIL and JIRA_API_TOKEN (an Atlassian API token) for Jira, or LINEAR_API_KEY for Linear, then run the command again.',
  tracker_unauthorized: `Check the credentials and that they may create and edit issues there (error.details.status: 401 wrong, 403 not allowed). ${TRACKER_AGAIN}.`,
  tracker_not_found: `Check --site and --key (Jira), --team and --api-url (Linear) or --repo and --api-url (GitHub): error.details.what names what was missing. ${TRACKER_AGAIN}.`,
  tracker_refused: `The tracker refused the fields in error.details.fields (why in error.message); change the project's screens or issue types. ${TRACKER_AGAIN}.`,
  tracker_rate_limited: `Wait until error.details.resetAt. ${TRACKER_AGAIN}; it continues where it stopped.`,
  tracker_unreachable: `Check the network and --site or --api-url. ${TRACKER_AGAIN}.`,
  tracker_error: `${TRACKER_AGAIN} in a moment; it picks up where it stopped.`,
  store_unreadable: `Fix or move aside the file named in error.message (under .puffin/github or .puffin/trackers). ${GITHUB_AGAIN}.`,

  invalid_arguments: 'Check the arguments: `puffin --help` lists the commands and their flags.',
  unknown_command: 'Run `puffin --help` to list the commands.',
  project_not_found: 'Pass an existing folder with --project.',
  ambiguous_id:
    'Give more characters of the short id (error.details.candidates lists the ids it fits), or the full id.',
  outside_roots:
    'Share the project folder with the MCP client as a root, or give `puffin mcp` a --project inside one.',

  no_json: 'The text holds no JSON: run the request again, rewording it can help.',
  truncated: 'The answer was cut off: run a smaller request again.',
  clarification: 'Claude asked a question instead of answering: add the missing detail to the request.',
  invalid: 'No acceptable JSON in the text: run the request again, rewording it can help.',
  ambiguous_repair:
    'The JSON had unescaped quotes inside a text and reads more than one way: run the request again rather than guess.',
};

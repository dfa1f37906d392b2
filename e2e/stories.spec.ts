import type { Page } from '@playwright/test';
import type { MockMessagesApi } from '../test/support/mockMessagesApi';
import { structured, structuredThenHang, toolCalls } from '../test/support/mockTurns';
import type { Responder } from '../test/support/mockTypes';
import {
  lastToolResults,
  structuredOutputSchema,
  toolResultText,
  userText,
} from '../test/support/requestInspection';
import { startRealCliWorld, type RealCliWorldOptions } from '../test/support/realCliWorld';
import { expect, startWorldHost, test } from './support/host';
import { nav, deriveStories, expectReadOneFile, UNTIL_THE_CALL_ENDS } from './support/journey';

const FIRST_ROUND = [
  {
    title: 'Export backlog as CSV',
    description: 'As a PM I want a CSV export so that I can share it',
    acceptanceCriteria: ['a CSV file is written', 'it has a header row'],
  },
  {
    title: 'Choose columns',
    description: 'As a PM I want to choose columns so that the file stays small',
    acceptanceCriteria: ['columns can be ticked'],
  },
  {
    title: 'Schedule exports',
    description: 'As a PM I want weekly exports so that I need not remember',
    acceptanceCriteria: ['a weekly job runs'],
  },
];
const SECOND_ROUND = [
  // The model "changes" the locked first story; Puffin must keep the accepted version.
  { title: 'Model rewrote this', description: 'changed', acceptanceCriteria: ['changed'] },
  {
    title: 'Choose columns and order',
    description: 'As a PM I want to choose and order columns',
    acceptanceCriteria: ['columns can be ticked', 'columns can be reordered'],
  },
];

/** The one story a "regenerate story 2" call answers with. */
const REGENERATED = {
  title: 'Pick the columns to export',
  description: 'As a PM I want to pick columns',
  acceptanceCriteria: ['only picked columns are written'],
};

/** Answers by the schema the CLI offers: stories (first, modify or regenerate-one round) or a title. */
const respond: Responder = (body) => {
  const schema = structuredOutputSchema(body);
  const props = (schema?.properties ?? {}) as Record<string, unknown>;
  if ('title' in props) return structured({ title: 'CSV export' });
  if ('stories' in props && userText(body).includes('REWRITE THIS ONE'))
    return structured({ stories: [REGENERATED] });
  if ('stories' in props)
    return structured({ stories: userText(body).includes('Feedback') ? SECOND_ROUND : FIRST_ROUND });
  return undefined;
};

interface App {
  mock: MockMessagesApi;
  page: Page;
  projectDir: string;
  launchUrl: string;
  close(): Promise<void>;
}

/** The browser host over a real-CLI world, with the world's project open in the page. */
async function startApp(page: Page, options: RealCliWorldOptions): Promise<App> {
  const world = await startRealCliWorld({ name: 'e2e-stories', respond, ...options });
  const host = await startWorldHost(world).catch(async (error: unknown) => {
    await world.close();
    throw error;
  });
  const app: App = {
    mock: world.mock,
    page,
    projectDir: world.project,
    launchUrl: host.launchUrl,
    async close() {
      await host.stop();
      await world.close();
    },
  };
  try {
    await page.goto(host.launchUrl);
    await page.getByLabel('Project folder').fill(world.project);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByTestId('project-path')).toHaveText(world.project);
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** The model looks at the project before it writes stories: one Read, then the stories. */
const readingRespond: Responder = (body) => {
  const props = (structuredOutputSchema(body)?.properties ?? {}) as Record<string, unknown>;
  if (!('stories' in props)) return respond(body, 0);
  const results = lastToolResults(body);
  if (results.length === 0) return toolCalls({ name: 'Read', input: { file_path: 'src/backlog.ts' } });
  if (results.some((r) => toolResultText(r).includes('exportBacklog')))
    return structured({ stories: FIRST_ROUND });
  return undefined;
};

test('grounded: the project context goes into the prompt, and the panels show what the model read', async ({
  page,
}) => {
  test.slow(); // a model call of two turns through the real CLI, waited for until it ends
  const app = await startApp(page, {
    respond: readingRespond,
    projectFiles: {
      'src/backlog.ts': 'export function exportBacklog() {}\n',
      'README.md': '# Backlog\n\nA backlog tool for product teams.\n',
    },
  });
  try {
    // The project page edits the context that goes into every prompt; a draft comes from the README.
    await expect(page.getByTestId('grounding-mode')).toContainText(
      'Generations about code read this project',
    );
    await page.getByRole('button', { name: 'Import from CLAUDE.md / AGENTS.md / README' }).click();
    await expect(page.getByLabel('What the project is')).toHaveValue('A backlog tool for product teams.');
    await page.getByLabel('Stack').fill('TypeScript');
    await page.getByLabel('Paths never to touch (one per line)').fill('migrations/');
    await page.getByRole('button', { name: 'Save project context' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    await deriveStories(page, 'Let product managers export the backlog.');
    await expect(page.getByRole('textbox', { name: 'Story 1 title' })).toHaveValue(
      'Export backlog as CSV',
      UNTIL_THE_CALL_ENDS,
    );
    const sent = userText(app.mock.mainRequests()[0]!.body!);
    expect(sent).toContain('## About the project\nA backlog tool for product teams.');
    expect(sent).toContain('## Never touch');
    expect(sent).toContain('## The project is open for reading');

    // What the model read, under the last run and in History.
    await expectReadOneFile(page, 'src/backlog.ts');
    await nav(page, 'History');
    await expect(page.getByRole('list', { name: 'Generations' }).getByText('read 1 file')).toBeVisible();
  } finally {
    await app.close();
  }
});

test('derive stories with the real CLI, review, request changes, accept into the backlog, reload', async ({
  page,
}) => {
  test.slow(); // three model calls through the real CLI, each waited for until it ends
  const app = await startApp(page, {});
  try {
    await deriveStories(page, 'Let product managers export the backlog.');

    // Review round 1: three stories from the CLI's StructuredOutput.
    await expect(page.getByRole('textbox', { name: 'Story 1 title' })).toHaveValue(
      'Export backlog as CSV',
      UNTIL_THE_CALL_ENDS,
    );
    await expect(page.getByRole('group', { name: /^Story \d$/ })).toHaveCount(3);
    // The prompt reached the model, with the stories schema offered as the StructuredOutput tool.
    const main = app.mock.mainRequests();
    expect(main.some((r) => userText(r.body!).includes('export the backlog'))).toBe(true);

    await page.getByRole('textbox', { name: 'Story 1 title' }).fill('Export the backlog as CSV');
    // The review is saved as it changes: once the decision is stored, a reload mid-review loses nothing.
    const decisionSaved = page.waitForResponse((r) => {
      const body = r.request().postData() ?? '';
      return r.url().endsWith('/api/invoke') && body.includes('"review:save"') && body.includes('"accepted"');
    });
    await page.getByRole('button', { name: 'Accept story 1' }).click();
    await decisionSaved;
    await page.goto(app.launchUrl);
    await nav(page, 'Prompt');
    await expect(page.getByRole('textbox', { name: 'Story 1 title' })).toHaveValue(
      'Export the backlog as CSV',
    );
    await expect(page.getByRole('button', { name: 'Accept story 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('group', { name: /^Story \d$/ })).toHaveCount(3);
    await page
      .getByRole('textbox', { name: 'Feedback' })
      .fill('Merge column choice and ordering; drop scheduling.');
    await page.getByRole('button', { name: 'Request changes' }).click();

    // Round 2: the accepted story is kept exactly as edited, the model's rewrite of it is ignored.
    await expect(page.getByRole('list', { name: 'Changes since the previous round' })).toBeVisible(
      UNTIL_THE_CALL_ENDS,
    );
    await expect(page.getByRole('textbox', { name: 'Story 1 title' })).toHaveValue(
      'Export the backlog as CSV',
    );
    await expect(page.getByRole('textbox', { name: 'Story 2 title' })).toHaveValue(
      'Choose columns and order',
    );

    // Story 2 regenerated alone: the accepted story 1 stays as it is; every round is kept as a revision.
    await page.getByRole('button', { name: 'Regenerate story: story 2' }).click();
    await page.getByRole('button', { name: 'Regenerate this story' }).click();
    await expect(page.getByRole('textbox', { name: 'Story 2 title' })).toHaveValue(
      REGENERATED.title,
      UNTIL_THE_CALL_ENDS,
    );
    await expect(page.getByRole('textbox', { name: 'Story 1 title' })).toHaveValue(
      'Export the backlog as CSV',
    );
    const revisions = page.getByRole('table', { name: 'Story revisions' });
    await expect(revisions.getByRole('row')).toHaveCount(4);
    await expect(revisions).toContainText('story 2 regenerated');
    await expect(page.getByRole('list', { name: 'Changes between the revisions' })).toContainText(
      'Changed: Pick the columns to export (was “Choose columns and order”)',
    );
    // Restoring revision 2 brings round 2's story back as the next round.
    await page.getByRole('button', { name: 'Restore revision 2' }).click();
    await expect(page.getByRole('textbox', { name: 'Story 2 title' })).toHaveValue(
      'Choose columns and order',
    );
    await expect(revisions).toContainText('restored from 2');
    await page.getByRole('button', { name: 'Accept story 2' }).click();
    await page.getByRole('button', { name: 'Add accepted to backlog' }).click();

    await nav(page, 'Backlog');
    const grid = page.getByRole('grid', { name: 'Backlog stories' });
    await expect(grid).toContainText('Export the backlog as CSV');
    await expect(grid).toContainText('Choose columns and order');

    await page.goto(app.launchUrl);
    await nav(page, 'Backlog');
    const reloaded = page.getByRole('grid', { name: 'Backlog stories' });
    await expect(reloaded).toContainText('Export the backlog as CSV');
    // Search and the status filter are answered by the store (stories:page), not by the panel.
    const asked: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/invoke') && r.postData()?.includes('"stories:page"'))
        asked.push(r.postDataJSON());
    });
    await page.getByRole('searchbox', { name: 'Search stories' }).fill('columns ORDER');
    await expect(reloaded.getByRole('row')).toHaveCount(1);
    await expect(reloaded).toContainText('Choose columns and order');
    await expect(page.getByTestId('backlog-count')).toHaveText('1 of 2 stories');
    expect(asked).toContainEqual(
      expect.objectContaining({ payload: expect.objectContaining({ query: 'columns ORDER' }) }),
    );
    await page.getByRole('checkbox', { name: 'Pending' }).uncheck();
    await expect(reloaded.getByRole('row')).toHaveCount(0);
    await expect(page.getByTestId('backlog-count')).toHaveText('0 of 2 stories');

    // History shows the generations with where their data came from.
    await nav(page, 'History');
    await expect(page.getByRole('list', { name: 'Generations' })).toContainText('structured_output');
  } finally {
    await app.close();
  }
});

test('a CLI that is not logged in says how to log in', async ({ page }) => {
  const app = await startApp(page, { auth: 'none' });
  try {
    await deriveStories(page, 'Anything');
    await expect(page.getByRole('alert')).toContainText(/not logged in/i, UNTIL_THE_CALL_ENDS);
    await expect(page.getByRole('alert')).toContainText('/login');
    expect(app.mock.mainRequests()).toHaveLength(0);
  } finally {
    await app.close();
  }
});

test('stories stream in while generated; cancel keeps the complete ones', async ({ page }) => {
  // Two complete stories and half of a third, then the model stalls.
  const full = JSON.stringify({ stories: FIRST_ROUND });
  const cut = full.indexOf(FIRST_ROUND[2]!.title) + 5;
  const app = await startApp(page, { respond: () => structuredThenHang(full.slice(0, cut)) });
  try {
    await deriveStories(page, 'Let product managers export the backlog.');
    const preview = page.getByRole('list', { name: 'Stories so far' });
    await expect(preview).toContainText('Export backlog as CSV', UNTIL_THE_CALL_ENDS);
    await expect(preview).toContainText('Choose columns');
    await expect(page.getByTestId('progress-status')).toContainText('2 stories so far');
    // What the engine is doing, live: its turn and tokens; the Activity panel has its raw lines already.
    await expect(page.getByLabel(/^Activity of /)).toContainText(/turn 1 · .*tokens in/);
    await nav(page, 'Activity');
    await expect(page.getByRole('list', { name: 'Live engine lines' })).toContainText('"type":"system"');
    await nav(page, 'Prompt');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('group', { name: /^Story \d$/ })).toHaveCount(2, UNTIL_THE_CALL_ENDS);
    await expect(page.getByRole('textbox', { name: 'Story 2 title' })).toHaveValue('Choose columns');
  } finally {
    await app.close();
  }
});

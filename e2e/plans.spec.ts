import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertionsFor,
  plan,
  planItem,
  planResponder,
  risFor,
  sprintAssertionsFor,
} from '../test/support/planReplies';
import { structured, toolCalls } from '../test/support/mockTurns';
import type { MessagesRequestBody } from '../test/support/mockTypes';
import { lastToolResults, structuredOutputSchema, toolResultText } from '../test/support/requestInspection';
import { startRealCliWorld } from '../test/support/realCliWorld';
import { expect, startWorldHost, test } from './support/host';
import { nav, UNTIL_THE_CALL_ENDS } from './support/journey';

test('sprint → questions → answers → plan → refine → diff → approve → RIS → assertions → export', async ({
  page,
}) => {
  test.slow(); // five model calls through the real CLI, each waited for until it ends
  // Story ids exist only once the stories are stored, so the replies read them from this holder.
  const ids: string[] = [];
  const replies = {
    ambiguities: [] as unknown[],
    plans: [] as unknown[],
    refinements: [] as unknown[],
    ris: risFor,
    assertions: assertionsFor,
    sprintAssertions: () => sprintAssertionsFor(ids),
  };
  // The first plan is written after one look at the project: a Read of src/index.ts, then the plan.
  const answer = planResponder(replies, 'Sharing sprint');
  let looked = false;
  const respond = (body: MessagesRequestBody) => {
    const props = (structuredOutputSchema(body)?.properties ?? {}) as Record<string, unknown>;
    if ('planItems' in props && !looked) {
      looked = true;
      return toolCalls({ name: 'Read', input: { file_path: 'src/index.ts' } });
    }
    const results = lastToolResults(body);
    if ('planItems' in props && results.some((r) => toolResultText(r).includes('export const app')))
      return structured(replies.plans.shift());
    return answer(body);
  };
  const world = await startRealCliWorld({
    name: 'e2e-plans',
    respond,
    projectFiles: { 'src/index.ts': 'export const app = 1;\n' },
  });
  const project = world.project;
  const host = await startWorldHost(world).catch(async (error: unknown) => {
    await world.close();
    throw error;
  });
  const token = new URL(host.launchUrl).searchParams.get('token')!;
  const call = async (channel: string, payload: unknown) => {
    const res = await page.request.post(`${host.url}api/invoke`, {
      data: { channel, payload },
      headers: { 'x-puffin-token': token },
    });
    const body = (await res.json()) as { ok: boolean; value: unknown };
    expect(body.ok).toBe(true);
    return body.value;
  };
  try {
    await call('project:open', { path: project });
    const stories = (await call('stories:accept', {
      drafts: [
        {
          title: 'Share a recipe',
          description: 'As a cook I want to share',
          acceptanceCriteria: ['a link is made'],
        },
        {
          title: 'Revoke a link',
          description: 'As a cook I want to revoke',
          acceptanceCriteria: ['the link stops'],
        },
      ],
    })) as { id: string }[];
    ids.push(...stories.map((s) => s.id));
    const [a, b] = ids as [string, string];
    replies.ambiguities.push({
      summary: 'One thing is unclear.',
      questions: [
        {
          storyId: a,
          question: 'How long do links live?',
          reason: 'Expiry changes the storage',
          suggestions: ['One day', 'Forever'],
          priority: 'high',
        },
      ],
    });
    // The first plan modifies a file that does not exist: flagged before approval.
    replies.plans.push(
      plan([planItem(a, 1), planItem(b, 2, { filesModified: ['src/missing.ts'], dependencies: [a] })]),
    );
    replies.refinements.push({
      plan: plan([
        planItem(a, 1),
        planItem(b, 2, { filesCreated: ['src/missing.ts'], filesModified: [], dependencies: [a] }),
      ]),
      changelog: ['Create src/missing.ts instead of modifying it'],
      followUpQuestions: [],
    });

    await page.goto(host.launchUrl);
    await nav(page, 'Backlog');
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await page.getByRole('button', { name: 'Create sprint from selected' }).click();
    await expect(page.getByRole('list', { name: 'Sprint stories' })).toContainText('Revoke a link');

    await page.getByRole('button', { name: 'Analyze' }).click();
    const question = page.getByRole('region', { name: 'Questions about Share a recipe' });
    await question.getByRole('button', { name: 'One day' }).click();
    await expect(question.getByRole('textbox', { name: 'How long do links live?' })).toHaveValue('One day');
    await page.getByRole('button', { name: 'Generate plan' }).click();

    // Revision 1: the missing file is shown on its item, and plain approval is not offered.
    const items = page.getByRole('list', { name: 'Plan items' });
    await expect(items.getByRole('article')).toHaveCount(2, UNTIL_THE_CALL_ENDS);
    await expect(items).toContainText('src/missing.ts');
    // The model read src/index.ts before planning; src/missing.ts it never saw, and it does not exist: guessed.
    await expect(items).toContainText('guessed: never read and does not exist');
    const read = page.locator('.plan-review details.read-files');
    await expect(read.locator('summary')).toHaveText('read 1 file (1 turn)');
    await read.locator('summary').click();
    await expect(read.getByRole('list', { name: 'Files read' })).toHaveText('src/index.ts');
    await expect(page.getByRole('button', { name: 'Approve plan' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Approve anyway (file mismatches)' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Feedback on the plan' }).fill('Create the file instead.');
    await page.getByRole('button', { name: 'Refine plan' }).click();
    await expect(page.getByRole('list', { name: 'Changelog of revision 2' })).toContainText(
      'Create src/missing.ts',
      UNTIL_THE_CALL_ENDS,
    );
    await page.getByRole('combobox', { name: 'Compare revision' }).selectOption('1');
    await page.getByRole('combobox', { name: 'with revision' }).selectOption('2');
    await expect(page.getByRole('region', { name: 'Changes from revision 1 to revision 2' })).toContainText(
      'src/missing.ts',
    );

    await page.getByRole('button', { name: 'Approve plan' }).click();
    await page.getByRole('button', { name: 'Generate specs' }).click();
    await expect(page.getByRole('document', { name: 'RIS for Revoke a link' })).toContainText(
      'Implement it',
      UNTIL_THE_CALL_ENDS,
    );
    await expect(page.getByRole('list', { name: 'Assertions for Share a recipe' })).toContainText(
      'the feature module exists',
      UNTIL_THE_CALL_ENDS,
    );
    // The sprint-wide assertions (the last step) are shown per story, and that step finished.
    for (const title of ['Share a recipe', 'Revoke a link'])
      await expect(page.getByRole('list', { name: `Sprint assertions for ${title}` })).toContainText(
        'the app entry still exports the app',
        UNTIL_THE_CALL_ENDS,
      );
    await expect(page.getByRole('status', { name: 'Specs progress' })).toContainText(
      /^Sprint assertions: done \((\d+) of \1\)$/,
      UNTIL_THE_CALL_ENDS,
    );
    // Generated assertions were stored where the Assertions panel and `puffin assertions evaluate` read them.
    expect(
      JSON.parse(readFileSync(join(project, '.puffin', 'assertions', `${a}.json`), 'utf8')),
    ).toMatchObject({
      storyId: a,
    });

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByText(/docs\/puffin\/.*\.md/)).toBeVisible();
    const [exported] = readdirSync(join(project, 'docs', 'puffin'));
    const markdown = readFileSync(join(project, 'docs', 'puffin', exported!), 'utf8');
    expect(markdown).toContain('Share a recipe');
    expect(markdown).toContain('One day');
    expect(markdown).toContain('src/missing.ts');

    // Every model call of the journey is in History, with where its data came from.
    await nav(page, 'History');
    const history = page.getByRole('list', { name: 'Generations' });
    for (const kind of [
      'Plan: ambiguity questions',
      'Plan: generate',
      'Plan: refine',
      'RIS',
      'Story assertions',
    ])
      await expect(history.getByText(kind, { exact: true }).first()).toBeVisible();
    await expect(history).toContainText('structured_output');
  } finally {
    await host.stop();
    await world.close();
  }
});

// The stories journey on a non-CLI provider, end to end: the browser host started with OPENAI_API_KEY,
// Settings choose the `openai` provider for stories (and titles) at a loopback OpenAI-compatible mock, test the
// connection, derive stories, review and accept them into the backlog. The key is never shown, only its source.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startMockOpenAiApi } from '../test/support/mockOpenAiApi';
import { expect, startHost, test } from './support/host';
import { nav, deriveStories, expectReadOneFile, UNTIL_THE_CALL_ENDS } from './support/journey';

const KEY = 'sk-e2e-openai-0123456789';
const STORIES = [
  {
    title: 'Export backlog as CSV',
    description: 'As a PM I want a CSV export so that I can share it',
    acceptanceCriteria: ['a CSV file is written'],
  },
  {
    title: 'Choose columns',
    description: 'As a PM I want to choose columns so that the file stays small',
    acceptanceCriteria: ['columns can be ticked'],
  },
];

async function chooseOpenAi(page: Page, row: string) {
  await page.getByRole('combobox', { name: `${row} provider` }).selectOption('openai');
  await page.getByRole('textbox', { name: `${row} model` }).fill('gpt-4o-mini');
}

test('stories derived on the openai provider chosen in Settings, reviewed and accepted', async ({ page }) => {
  // The scripted model answers by what each request asks for: a grounded look (tools offered, no answer format)
  // reads src/backlog.ts once and then says it is done; an answer request gets the stories, the title or the
  // connection test's {ok} by the schema it carries.
  const mock = await startMockOpenAiApi({
    apiKey: KEY,
    models: ['gpt-4o-mini', 'gpt-4.1'],
    respond: (body) => {
      const b = body as { response_format?: unknown; tool_choice?: unknown; messages?: { role: string }[] };
      const answering = b.response_format !== undefined || typeof b.tool_choice === 'object';
      if (!answering) {
        const looked = (b.messages ?? []).some((m) => m.role === 'tool');
        return looked
          ? { kind: 'answer', text: 'I have read what I need.' }
          : { kind: 'tools', calls: [{ name: 'Read', args: { file_path: 'src/backlog.ts' } }] };
      }
      const asked = JSON.stringify(b.response_format ?? b);
      if (asked.includes('"stories"')) return { kind: 'answer', text: JSON.stringify({ stories: STORIES }) };
      if (asked.includes('"title"')) return { kind: 'answer', text: '{"title":"CSV export"}' };
      return { kind: 'answer', text: '{"ok":true}' };
    },
  });
  const userData = await mkdtemp(join(tmpdir(), 'puffin-e2e-user-'));
  const project = await mkdtemp(join(tmpdir(), 'puffin-e2e-project-'));
  await mkdir(join(project, 'src'));
  await writeFile(join(project, 'src', 'backlog.ts'), 'export const backlog = [];\n');
  const machine = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(ANTHROPIC_|OPENAI_|GEMINI_|CLAUDE_CODE_|PUFFIN_)/.test(k),
    ),
  );
  const host = await startHost({ ...machine, PUFFIN_USER_DATA: userData, OPENAI_API_KEY: KEY });
  try {
    await page.goto(host.launchUrl);
    await page.getByLabel('Project folder').fill(project);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByTestId('project-path')).toHaveText(project);

    await nav(page, 'Settings');
    await expect(page.getByTestId('key-openai')).toContainText('from OPENAI_API_KEY');
    // The hint is the one the openai provider's own folder declares, served by main.
    const openaiUrl = page.getByLabel('openai base URL');
    await expect(openaiUrl).toHaveAttribute('placeholder', 'the /v1 root, e.g. http://localhost:8000/v1');
    await openaiUrl.fill(mock.url);
    await chooseOpenAi(page, 'Derive stories');
    await chooseOpenAi(page, 'Title');
    const stories = page.getByTestId('engine-row-derive-stories');
    await stories.getByRole('button', { name: 'List models' }).click();
    const listed = stories.getByRole('combobox', { name: 'Derive stories listed models' });
    await expect(listed).toBeVisible(UNTIL_THE_CALL_ENDS);
    await expect(listed.locator('option')).toHaveCount(3);
    await stories.getByRole('button', { name: 'Test connection: Derive stories' }).click();
    await expect(stories.getByRole('status')).toContainText(
      'Connected: openai gpt-4o-mini',
      UNTIL_THE_CALL_ENDS,
    );
    await page.getByRole('button', { name: 'Save engines' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

    await deriveStories(page, 'Let product managers export the backlog.');
    await expect(page.getByRole('textbox', { name: 'Story 1 title' })).toHaveValue(
      'Export backlog as CSV',
      UNTIL_THE_CALL_ENDS,
    );
    await expect(page.getByRole('group', { name: /^Story \d$/ })).toHaveCount(2);
    const calls = mock.modelCalls();
    expect(calls.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(calls.some((r) => JSON.stringify(r.body).includes('export the backlog'))).toBe(true);
    // Grounded on this provider too: the model read the project's file, and the panel says so.
    await expectReadOneFile(page, 'src/backlog.ts');

    await page.getByRole('button', { name: 'Accept story 1' }).click();
    await page.getByRole('button', { name: 'Accept story 2' }).click();
    await page.getByRole('button', { name: 'Add accepted to backlog' }).click();
    await nav(page, 'Backlog');
    const grid = page.getByRole('grid', { name: 'Backlog stories' });
    await expect(grid).toContainText('Export backlog as CSV');
    await expect(grid).toContainText('Choose columns');
    await expect(page.locator('body')).not.toContainText(KEY);
  } finally {
    await host.stop();
    await mock.close();
    await rm(userData, { recursive: true, force: true });
    await rm(project, { recursive: true, force: true });
  }
});

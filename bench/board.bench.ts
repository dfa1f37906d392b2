// The board of a 5,000-story project opens and moves from the keyboard without long tasks, as the backlog
// does. Measured in Debian's Chromium against the browser host (built renderer, real API): a click on "Board" until
// the first card is painted, then End and Home in the Backlog column (its 5,000 cards are virtualised). Long tasks
// come from a buffered PerformanceObserver installed before the page loads; a 50-story project is the baseline.
import { cpus, loadavg } from 'node:os';
import type { Browser } from '@playwright/test';
import { median } from './assertions.bench';
import { openPanelIn, waitFor, type LongTask } from './pageDriver';
import { api, withSeededHost } from './seededHost';
import type { BenchModule } from './types';

const SIZES = [50, 5_000] as const;
const ROUNDS = 3;
const LONG_TASK_MS = 50;
const CARD = '[data-testid="board-column-backlog"] [role="listitem"][aria-posinset]';

const INIT_SCRIPT = `(() => {
  const b = (window.__board = { longTasks: [] });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.longTasks.push({ start: e.startTime, duration: e.duration, attribution: '' });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

interface Round {
  openMs: number;
  /** performance.now() when the first card was painted: tasks before it belong to opening, after it to the keys. */
  openedAt: number;
  cardsInDom: number;
  endMs: number;
  homeMs: number;
  longTasks: LongTask[];
}

async function measure(browser: Browser, launchUrl: string, stories: number): Promise<Round> {
  const { context, page, clickedAt: t0 } = await openPanelIn(browser, launchUrl, INIT_SCRIPT, 'Board');
  try {
    const opened = await waitFor(page, `document.querySelector('${CARD}') !== null`, 60_000);
    const cardsInDom = await page.locator(CARD).count();
    const heading = await page.getByTestId('board-column-backlog').getByRole('heading').textContent();
    if (!heading?.includes(String(stories)))
      throw new Error(`backlog column says "${heading}", expected ${stories}`);
    await page.locator(CARD).first().focus();
    const key = async (name: string, position: number): Promise<number> => {
      const start = (await page.evaluate('performance.now()')) as number;
      await page.keyboard.press(name);
      return (
        (await waitFor(page, `document.activeElement?.getAttribute('aria-posinset') === '${position}'`)) -
        start
      );
    };
    const endMs = await key('End', stories);
    const homeMs = await key('Home', 1);
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)))');
    const b = (await page.evaluate('window.__board')) as { longTasks: LongTask[] };
    return {
      openMs: opened - t0,
      openedAt: opened,
      cardsInDom,
      endMs,
      homeMs,
      longTasks: b.longTasks.filter((t) => t.start >= t0),
    };
  } finally {
    await context.close();
  }
}

/** Interleaved rounds over both sizes against one host; returns the markdown section. */
async function runRounds(loadBefore: number): Promise<string> {
  return withSeededHost('board', SIZES, async ({ url, launchUrl, token, projects, browser }) => {
    const results = new Map<number, Round[]>(SIZES.map((n) => [n, []]));
    for (let round = 0; round <= ROUNDS; round++) {
      for (const n of SIZES) {
        await api(url, token, 'project:open', { path: projects.get(n)! });
        const r = await measure(browser, launchUrl, n);
        if (round > 0) results.get(n)!.push(r);
        process.stdout.write(
          `  ${round === 0 ? 'warm-up' : `round ${round}`} ${n}: open ${r.openMs.toFixed(0)} ms, ` +
            `${r.cardsInDom} cards, long tasks ${r.longTasks.map((t) => `${t.duration.toFixed(0)} ms`).join(', ') || 'none'}\n`,
        );
      }
    }
    const lines = [
      `| stories | open ms (median of ${ROUNDS}) | backlog cards in DOM | long tasks > ${LONG_TASK_MS} ms (all rounds) | End / Home ms (median) |`,
      '| ---: | ---: | ---: | ---: | ---: |',
    ];
    for (const n of SIZES) {
      const rs = results.get(n)!;
      const tasks = rs.flatMap((r) => r.longTasks.filter((t) => t.duration > LONG_TASK_MS));
      lines.push(
        `| ${n.toLocaleString('en-US')} | ${median(rs.map((r) => r.openMs)).toFixed(0)} | ` +
          `${Math.max(...rs.map((r) => r.cardsInDom))} | ${tasks.length}${tasks.length ? ` (max ${Math.max(...tasks.map((t) => t.duration)).toFixed(0)} ms)` : ''} | ` +
          `${median(rs.map((r) => r.endMs)).toFixed(0)} / ${median(rs.map((r) => r.homeMs)).toFixed(0)} |`,
      );
    }
    const big = results
      .get(5_000)!
      .flatMap((r) =>
        r.longTasks
          .filter((t) => t.duration > LONG_TASK_MS)
          .map((t) => ({ ...t, phase: t.start < r.openedAt ? 'open' : 'End/Home' })),
      );
    const open = (n: number) => median(results.get(n)!.map((r) => r.openMs));
    lines.push(
      '',
      `Open ratio 5,000 / 50: **${(open(5_000) / open(50)).toFixed(2)}×** (click on “Board” to the first card painted; ` +
        'the board is loaded by that click: board:get reads the store and git, then the columns render).',
      '',
      `**${big.length === 0 ? 'PASS' : 'FAIL'}**: no long task over ${LONG_TASK_MS} ms while the 5,000-story board opens ` +
        `and jumps End/Home in its Backlog column — ${big.length === 0 ? 'none' : big.map((t) => `${t.duration.toFixed(0)} ms (${t.phase})`).join(', ')} in ${ROUNDS} rounds.`,
      '',
      `Chromium ${browser.version()} headless; viewport 1280×900; one warm-up round, then ${ROUNDS} interleaved rounds. ` +
        `Load average (1 min) ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after, on ${cpus().length} CPUs.`,
    );
    return lines.join('\n');
  });
}

export default {
  title: 'Board: 5,000 stories open and move without long tasks (Chromium)',
  run: () => runRounds(loadavg()[0]!),
} satisfies BenchModule;

// A 5,000-story backlog renders and scrolls with no long task over 50 ms. Measured in Debian's
// Chromium against the browser host (the built renderer, the real API): opening the Backlog panel, scrolling
// its grid to the bottom in steps, then End and Home from the keyboard. Long tasks come from a buffered
// PerformanceObserver installed before the page loads; a 50-story backlog in the same run is the baseline.
import { cpus, loadavg } from 'node:os';
import type { Browser } from '@playwright/test';
import {
  busiestFunctions,
  openPanelIn,
  startCpuProfile,
  waitFor,
  type LongTask,
  type Loaf,
} from './pageDriver';
import { median } from './childCpu';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';
import { api, withSeededHost } from './seededHost';
import type { BenchModule } from './types';

const SIZES = [50, 5_000] as const;
const ROUNDS = 3; // per size, interleaved; the first round of all is a warm-up and not reported
const SCROLL_STEPS = 50;
const LONG_TASK_MS = 50;
const GRID = '[role="grid"][aria-label="Backlog stories"]';

/** Records long tasks, long animation frames (script attribution) and the first painted frame after a click. */
const INIT_SCRIPT = `(() => {
  const w = window;
  w.__bench = { longTasks: [], frames: [], clickAt: null, renderedAt: null };
  const b = w.__bench;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        b.longTasks.push({ start: e.startTime, duration: e.duration,
          attribution: (e.attribution || []).map((a) => [a.containerType, a.containerName, a.containerSrc].filter(Boolean).join(' ')).join('; ') });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        b.frames.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
          scripts: (e.scripts || []).map((s) => ({ duration: s.duration, invoker: s.invoker, fn: s.sourceFunctionName, src: (s.sourceURL || '').split('/').pop(), at: s.sourceCharPosition })) });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  // The click that opens the panel: poll frames until the grid has rows, then stamp after that frame's paint.
  document.addEventListener('click', () => {
    if (b.clickAt !== null) return;
    b.clickAt = performance.now();
    const poll = () => {
      if (document.querySelector('${GRID} [role="row"]')) setTimeout(() => { b.renderedAt = performance.now(); }, 0);
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  }, true);
})();`;

/** Scrolls the grid to the bottom in steps, one scrollTop change per frame; returns frame gaps and max rows. */
const SCROLL_SCRIPT = `(async () => {
  const grid = document.querySelector('${GRID}');
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  const rows = () => grid.querySelectorAll('[role="row"]').length;
  const steps = ${SCROLL_STEPS};
  const max = grid.scrollHeight - grid.clientHeight;
  let maxRows = rows();
  let maxGap = 0;
  let last = await frame();
  for (let i = 1; i <= steps; i++) {
    grid.scrollTop = Math.round((max * i) / steps);
    const now = await frame();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    maxRows = Math.max(maxRows, rows());
  }
  const lastRow = grid.querySelector('[role="row"]:last-child');
  return { frames: steps, maxGap, maxRows, atBottom: Math.abs(grid.scrollTop - max) <= 1,
    lastRowIndex: Math.max(...[...grid.querySelectorAll('[role="row"]')].map((r) => Number(r.getAttribute('aria-rowindex')))) };
})()`;

interface Marks {
  clickAt: number;
  renderedAt: number;
  scrollDone: number;
  keysDone: number;
}
interface RoundResult {
  stories: number;
  renderMs: number;
  rowsInDom: number;
  scrollFrames: number;
  maxFrameGap: number;
  endMs: number;
  homeMs: number;
  /** Long tasks from the click that opens the panel to the end of End/Home. */
  longTasks: (LongTask & { phase: string })[];
  /** Long tasks while the page loads and fetches the stories (before the panel opens), reported apart. */
  loadLongTasks: LongTask[];
  loadFrames: Loaf[];
  frames: (Loaf & { phase: string })[];
}

function phaseOf(t: number, m: Marks): string {
  if (t < m.renderedAt) return 'open panel';
  if (t < m.scrollDone) return 'scroll';
  return 'End/Home';
}

async function measure(
  browser: Browser,
  launchUrl: string,
  stories: number,
  profile = false,
): Promise<RoundResult & { profile?: Map<string, number> }> {
  const {
    context,
    page,
    clickedAt: beforeClick,
  } = await openPanelIn(browser, launchUrl, INIT_SCRIPT, 'Backlog');
  try {
    await waitFor(page, 'window.__bench.renderedAt !== null');
    await page.getByRole('grid', { name: 'Backlog stories' }).waitFor({ state: 'visible' });
    const rowsAfterRender = (await page.locator(`${GRID} [role="row"]`).count()) as number;
    const count = await page.getByTestId('backlog-count').textContent();
    if (!count?.startsWith(`${stories} of`)) throw new Error(`backlog shows "${count}", expected ${stories}`);

    const stopProfile = profile ? await startCpuProfile(context, page) : undefined;
    const scroll = (await page.evaluate(SCROLL_SCRIPT)) as {
      frames: number;
      maxGap: number;
      maxRows: number;
      atBottom: boolean;
      lastRowIndex: number;
    };
    if (!scroll.atBottom || scroll.lastRowIndex !== stories)
      throw new Error(`scroll did not reach the last story (row ${scroll.lastRowIndex} of ${stories})`);
    const scrollDone = (await page.evaluate('performance.now()')) as number;
    const cpu = await stopProfile?.();

    // Keyboard: focus the grid (focuses the active row), then End and Home.
    await page.getByRole('grid', { name: 'Backlog stories' }).focus();
    await waitFor(page, `document.activeElement?.getAttribute('aria-rowindex') === '1'`);
    const key = async (name: string, rowIndex: number): Promise<number> => {
      const t0 = (await page.evaluate('performance.now()')) as number;
      await page.keyboard.press(name);
      const t1 = await waitFor(
        page,
        `document.activeElement?.getAttribute('aria-rowindex') === '${rowIndex}'`,
      );
      return t1 - t0;
    };
    const endMs = await key('End', stories);
    const homeMs = await key('Home', 1);
    const rowsAfterKeys = await page.locator(`${GRID} [role="row"]`).count();
    // One more frame so a long task at the very end is delivered to the observer.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)))');
    const keysDone = (await page.evaluate('performance.now()')) as number;

    const b = (await page.evaluate('window.__bench')) as {
      longTasks: LongTask[];
      frames: Loaf[];
      clickAt: number;
      renderedAt: number;
    };
    const marks: Marks = { clickAt: b.clickAt, renderedAt: b.renderedAt, scrollDone, keysDone };
    const during = (t: { start: number }) => t.start >= beforeClick && t.start <= keysDone;
    return {
      stories,
      renderMs: b.renderedAt - b.clickAt,
      rowsInDom: Math.max(rowsAfterRender, scroll.maxRows, rowsAfterKeys),
      scrollFrames: scroll.frames,
      maxFrameGap: scroll.maxGap,
      endMs,
      homeMs,
      longTasks: b.longTasks.filter(during).map((t) => ({ ...t, phase: phaseOf(t.start, marks) })),
      loadLongTasks: b.longTasks.filter((t) => t.start < beforeClick),
      loadFrames: b.frames.filter((f) => f.start < beforeClick && f.blocking > 0),
      frames: b.frames.filter(during).map((f) => ({ ...f, phase: phaseOf(f.start, marks) })),
      profile: cpu,
    };
  } finally {
    await context.close();
  }
}

const max = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
const fmt = (n: number) => n.toLocaleString('en-US');

export default {
  title: 'Backlog: 5,000 stories render and scroll without long tasks (Chromium)',
  async run() {
    const loadBefore = loadavg()[0]!;
    return withSeededHost('backlog', SIZES, async ({ url, launchUrl, token, projects, browser }) => {
      const results = new Map<number, RoundResult[]>(SIZES.map((n) => [n, []]));
      let cpu: Map<string, number> | undefined;
      for (let round = 0; round <= ROUNDS; round++) {
        for (const n of SIZES) {
          // The page opens the host's current project at start-up.
          await api(url, token, 'project:open', { path: projects.get(n)! });
          // The warm-up round of 5,000 also takes a CPU profile of the scroll (not in the reported rounds).
          const r = await measure(browser, launchUrl, n, round === 0 && n === 5_000);
          if (round > 0) results.get(n)!.push(r);
          else cpu ??= r.profile;
          process.stdout.write(
            `  ${round === 0 ? 'warm-up' : `round ${round}`} ${fmt(n)}: render ${r.renderMs.toFixed(1)} ms, ` +
              `${r.rowsInDom} rows, long tasks ${r.longTasks.map((t) => `${t.duration.toFixed(0)} ms (${t.phase})`).join(', ') || 'none'}\n`,
          );
        }
      }

      const lines = [
        `| stories | render ms (median of ${ROUNDS}) | rows in DOM (max) | long tasks > ${LONG_TASK_MS} ms (all rounds) | max long task ms | scroll frames (worst frame ms) | End / Home ms (median) |`,
        '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ];
      const renderMedian = new Map<number, number>();
      for (const n of SIZES) {
        const rs = results.get(n)!;
        const tasks = rs.flatMap((r) => r.longTasks);
        renderMedian.set(n, median(rs.map((r) => r.renderMs)));
        lines.push(
          `| ${fmt(n)} | ${renderMedian.get(n)!.toFixed(1)} | ${max(rs.map((r) => r.rowsInDom))} | ${tasks.length} | ` +
            `${tasks.length ? max(tasks.map((t) => t.duration)).toFixed(0) : '–'} | ` +
            `${rs[0]!.scrollFrames} × ${rs.length} (${max(rs.map((r) => r.maxFrameGap)).toFixed(1)}) | ` +
            `${median(rs.map((r) => r.endMs)).toFixed(0)} / ${median(rs.map((r) => r.homeMs)).toFixed(0)} |`,
        );
      }
      const big = results.get(5_000)!;
      const bigTasks = big.flatMap((r) => r.longTasks);
      const pass = bigTasks.length === 0;
      const loadTasks = (n: number) =>
        results
          .get(n)!
          .flatMap((r) => r.loadLongTasks)
          .map((t) => `${t.duration.toFixed(0)} ms`)
          .join(', ') || 'none';
      const loadScripts = big
        .flatMap((r) => r.loadFrames)
        .flatMap((f) => f.scripts)
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 3)
        .map((x) => `${x.duration.toFixed(0)} ms ${x.invoker} → ${x.fn || '(anonymous)'} (${x.src}:${x.at})`);
      lines.push(
        '',
        `Render ratio 5,000 / 50: **${(renderMedian.get(5_000)! / renderMedian.get(50)!).toFixed(2)}×** ` +
          `(render = click on “Backlog” to the first painted frame with rows, measured in the page).`,
        '',
        `**${pass ? 'PASS' : 'FAIL'}**: “no long task over ${LONG_TASK_MS} ms” while the 5,000-story backlog opens, ` +
          `scrolls to the bottom in ${SCROLL_STEPS} steps (one per frame) and jumps End/Home — ` +
          (pass
            ? `no long task in ${big.length} rounds.`
            : `${bigTasks.length} long task(s) in ${big.length} rounds: ` +
              bigTasks.map((t) => `${t.duration.toFixed(0)} ms (${t.phase})`).join(', ') +
              '.'),
        '',
        `Not counted above: page load (before the panel opens; the store fetches every story at start-up). ` +
          `Long tasks there over ${big.length} rounds — 50 stories: ${loadTasks(50)}; 5,000 stories: ${loadTasks(5_000)}.` +
          (loadScripts.length ? ` Longest scripts in those frames: ${loadScripts.join('; ')}.` : ''),
      );
      if (cpu) {
        const { total, top } = busiestFunctions(cpu, 5);
        lines.push(
          '',
          `CPU profile of the 5,000-story scroll (warm-up round, ${SCROLL_STEPS} steps): ` +
            `${total.toFixed(0)} ms of JavaScript and GC in all, ${(total / SCROLL_STEPS).toFixed(1)} ms per step; ` +
            `most self time: ${top.map(([k, v]) => `${k} ${v.toFixed(1)} ms`).join(', ')}.`,
        );
      }
      if (!pass) {
        // Where the time goes: scripts of the long animation frames that overlap the long tasks.
        const scripts = big
          .flatMap((r) => r.frames)
          .filter((f) => f.blocking > 0)
          .flatMap((f) => f.scripts.map((s) => ({ ...s, phase: f.phase })))
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 8);
        lines.push(
          '',
          'Long-animation-frame script attribution (longest first):',
          '',
          ...scripts.map(
            (s) =>
              `- ${s.duration.toFixed(0)} ms in ${s.phase}: ${s.invoker} → ` +
              (s.src ? `${s.fn || '(anonymous)'} (${s.src}:${s.at})` : "the bench's own page script"),
          ),
        );
      }
      lines.push(
        '',
        `Chromium ${browser.version()} headless, ${CHROMIUM_ARGS.join(' ')}; viewport 1280×900; ` +
          `one warm-up round of each size first, then ${ROUNDS} interleaved rounds. ` +
          `Machine load average (1 min) ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after, ` +
          `on ${cpus().length} CPUs: long tasks are wall-clock, so a busy machine can produce them.`,
      );
      return lines.join('\n');
    });
  },
} satisfies BenchModule;

// Driving the app's page in Chromium for the benches (backlog, board, store): open a panel in a fresh page,
// wait for a condition frame by frame, and read self times out of a CPU profile.
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** A long animation frame as the page's PerformanceObserver reports it, with its scripts' attribution. */
export interface Loaf {
  start: number;
  duration: number;
  blocking: number;
  scripts: { duration: number; invoker: string; fn: string; src: string; at: number }[];
}

export interface LongTask {
  start: number;
  duration: number;
  attribution: string;
}

/**
 * Polls `expr` once per frame inside the page; resolves with performance.now() of the first frame where it
 * holds. (A string evaluated over CDP: the renderer's CSP forbids the eval that waitForFunction would use.)
 */
export async function waitFor(page: Page, expr: string, timeout = 30_000): Promise<number> {
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const until = performance.now() + ${timeout};
    const poll = () => {
      if (${expr}) resolve(performance.now());
      else if (performance.now() > until) reject(new Error('timed out waiting for: ' + ${JSON.stringify(expr)}));
      else requestAnimationFrame(poll);
    };
    poll();
  })`)) as number;
}

/**
 * A fresh page of the app at 1280×900 with `initScript` installed: loaded, the start-up story list taken and
 * settled (two frames and 300 ms), then `panel` clicked in the sidebar. `clickedAt` is performance.now() just
 * before the click. The caller closes the context.
 */
export async function openPanelIn(
  browser: Browser,
  launchUrl: string,
  initScript: string,
  panel: string,
): Promise<{ context: BrowserContext; page: Page; clickedAt: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(initScript);
  const listed = page.waitForResponse(
    (r) => r.url().includes('api/invoke') && (r.request().postData() ?? '').includes('"stories:list"'),
    { timeout: 60_000 },
  );
  await page.goto(launchUrl);
  await (await listed).finished();
  await page.evaluate(
    'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300))))',
  );
  const clickedAt = (await page.evaluate('performance.now()')) as number;
  await page
    .getByRole('navigation', { name: 'Panels' })
    .getByRole('button', { name: panel, exact: true })
    .click();
  return { context, page, clickedAt };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (ms) from a CDP CPU profile; "(idle)" and "(program)" kept apart. */
function selfTimes(p: Profile): Map<string, number> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const name = f.url
      ? `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`
      : f.functionName || "(the bench's own page script, incl. layout it forces)";
    out.set(name, (out.get(name) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

/** JavaScript and GC self time in all (ms), and the `n` functions with the most of it. */
export function busiestFunctions(self: Map<string, number>, n: number) {
  const busy = [...self].filter(([k]) => !['(idle)', '(program)'].includes(k));
  return { total: busy.reduce((a, [, v]) => a + v, 0), top: busy.sort((a, b) => b[1] - a[1]).slice(0, n) };
}

/** Starts sampling the page's JavaScript (every 200 µs); the returned function stops it and gives self times. */
export async function startCpuProfile(
  context: BrowserContext,
  page: Page,
): Promise<() => Promise<Map<string, number>>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => selfTimes(((await cdp.send('Profiler.stop')) as { profile: Profile }).profile);
}

// The app's main screens and the checks every one of them must pass, shared by `npm run screenshots` and the
// browser tests (tests/e2e/first-run.e2e.test.ts): the two viewport sizes, the example household's one-click path
// to its 30-year comparison, axe-core's accessibility report and the check that nothing overflows sideways.
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** A signed-in screen: its path (the example's scenario ids filled in) and the level-1 heading it shows. */
export type Screen = { name: string; path: string; heading: string | RegExp };

/** The main screens while the example household is loaded. */
export function exampleScreens(ids: { baseline: string; all: string[] }): Screen[] {
  const compare = `/scenarios/compare?${ids.all.map((id) => `selected=${id}`).join('&')}&years=30`;
  return [
    { name: 'dashboard', path: '/dashboard', heading: 'Dashboard' },
    { name: 'accounts', path: '/accounts', heading: 'Accounts' },
    { name: 'recurring-items', path: '/recurring-items', heading: 'Recurring Items' },
    { name: 'scenarios', path: '/scenarios', heading: 'Scenarios' },
    { name: 'compare', path: compare, heading: 'Compare Scenarios' },
    { name: 'scenario-detail', path: `/scenarios/${ids.baseline}`, heading: 'Our plan today' },
    { name: 'templates', path: '/scenarios/templates', heading: 'Choose a Template' },
    { name: 'transactions', path: '/transactions', heading: 'Transactions' },
    { name: 'import', path: '/transactions/import', heading: 'Import statements' },
    { name: 'profile', path: '/profile', heading: 'Profile' },
  ];
}

/** The screens of a user with nothing yet: the dashboard's ways to start and the guided start. */
export const EMPTY_SCREENS: Screen[] = [
  { name: 'dashboard-empty', path: '/dashboard', heading: 'Dashboard' },
  { name: 'start', path: '/start', heading: 'Set up your plan' },
];

/**
 * Goes to a screen and waits for its heading and for the page's requests (lazy code, the sync round a load starts)
 * to be over; on the compare screen, for its charts.
 */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  const network = watchRequests(page);
  try {
    await page.goto(screen.path);
    await page.getByRole('heading', { level: 1, name: screen.heading }).first().waitFor({ timeout: 30_000 });
    if (screen.path.startsWith('/scenarios/compare')) await chartsDrawn(page);
    else await network.quiet();
  } finally {
    network.stop();
  }
}

/** How long no request may be open before a screen counts as loaded (a lazy chunk's import follows its parent's). */
const QUIET_MS = 200;

/**
 * The page's open requests from now on. Not Playwright's 'networkidle' load state: that waits a fixed 500 ms after
 * the last request, once per screen, which added up to about 12 s of nothing in the first-run browser tests.
 */
function watchRequests(page: Page) {
  let open = 0;
  let changed = Date.now();
  const started = () => {
    open += 1;
    changed = Date.now();
  };
  const ended = () => {
    open = Math.max(0, open - 1);
    changed = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /** Resolves once no request has been open for QUIET_MS (or after `timeout`, as the load state did). */
    async quiet(timeout = 10_000): Promise<void> {
      const until = Date.now() + timeout;
      while (Date.now() < until && (open > 0 || Date.now() - changed < QUIET_MS)) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop(): void {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * Waits until the compare screen's three charts are drawn (within `scope`, default the page). The comparison the
 * screen shows on opening draws each chart only once it nears the viewport, so this scrolls to the first chart
 * still waiting, as someone reading down the screen would.
 */
export async function chartsDrawn(page: Page, timeout = 60_000, scope: Locator = page.locator(':root')): Promise<void> {
  const drawn = scope.locator('[data-testid="compare-charts"][data-charts-drawn="true"]').first();
  const waiting = scope.locator('[data-testid="compare-charts"] .chart-placeholder').first();
  const deadline = Date.now() + timeout;
  for (;;) {
    if ((await waiting.count()) > 0) await waiting.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined);
    try {
      await drawn.waitFor({ timeout: 500 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * From the dashboard of a user with no accounts: one click on 'Explore the example' opens the example's 30-year
 * comparison; returns the scenario ids from the address.
 */
export async function exploreExample(page: Page): Promise<{ baseline: string; all: string[] }> {
  await page.getByRole('button', { name: 'Explore the example' }).click();
  await page.waitForURL((url) => url.pathname === '/scenarios/compare', { timeout: 30_000 });
  const all = new URL(page.url()).searchParams.getAll('selected');
  return { baseline: all[0], all };
}

/** Elements wider than the viewport or reaching past its right edge (tag, class, right edge), if any. */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`document scrollWidth ${document.documentElement.scrollWidth}`);
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // The skip link waits off-screen until focused, by design.
      if (el.closest('.skip-link, .visually-hidden')) continue;
      // Inside a scroller that is itself inside the viewport (a wide table), overflow is intended.
      let scroller = el.parentElement;
      let scrolled = false;
      while (scroller && scroller !== document.body) {
        const style = getComputedStyle(scroller);
        if (/(auto|scroll|hidden)/.test(style.overflowX)) {
          scrolled = true;
          break;
        }
        scroller = scroller.parentElement;
      }
      if (scrolled) continue;
      if (box.right > width + 1 || box.left < -1) {
        const cls = typeof el.className === 'string' ? el.className : '';
        out.push(`${el.tagName.toLowerCase()}.${cls} [${Math.round(box.left)}, ${Math.round(box.right)}]`);
      }
    }
    return out.slice(0, 10);
  });
}

/** Visible controls (links, buttons, inputs) smaller than 44 x 44 px, if any (text links inside prose excepted). */
export async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], label:has(> input)',
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      // Text links and the radios and ticks inside a labelled row: the row is the target.
      if (el.tagName === 'A' && el.closest('p, li > p, dd, td, .field-hint, small')) continue;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') && el.closest('label'))
        continue;
      if (el.closest('.visually-hidden, .skip-link')) continue;
      if (box.height < 43.5 || box.width < 43.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return out;
  });
}

const require = createRequire(import.meta.url);

/** Runs axe-core (WCAG 2.x A and AA rules) on the page; returns each violation with its rule and a few targets. */
export async function axeViolations(page: Page): Promise<string[]> {
  const has = await page.evaluate(() => 'axe' in window);
  if (!has) await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResult> } }).axe;
    type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
  });
}

// Renders one signed-in page at its route for component tests: under the toast provider and the user's own
// database (fake-indexeddb), with a scenario route to land on when a page redirects to an event.
import { act, render } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  useParams,
  useSearch,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ToastProvider } from '../../src/components/toast/ToastProvider';
import { UserDbProvider } from '../../src/data/db-context';
import { openUserDb, type WyrdDb } from '../../src/data/db';
import { parseSearchParams, stringifySearchParams } from '../../src/routes/search-params';

function ScenarioMarker() {
  const params = useParams({ strict: false }) as { scenarioId?: string };
  const search = useSearch({ strict: false }) as { editEvent?: string };
  return (
    <p>
      Scenario page {params.scenarioId} editing {search.editEvent}
    </p>
  );
}

export async function renderUserPage(
  Page: () => ReactNode,
  path: string,
  opts: {
    userId?: string;
    /** Runs on the user's database before the page renders (seed data, default categories). */
    prepare?: (db: WyrdDb) => Promise<unknown>;
    /** Close the database before rendering, so the page's first load fails. */
    closeDb?: boolean;
  } = {},
) {
  const userId = opts.userId ?? `test-${crypto.randomUUID()}`;
  const db = openUserDb(userId);
  if (opts.prepare) await opts.prepare(db);
  if (opts.closeDb) db.close();
  const root = createRootRoute({
    component: () => (
      <ToastProvider>
        <UserDbProvider userId={userId}>
          <Outlet />
        </UserDbProvider>
      </ToastProvider>
    ),
  });
  const page = createRoute({ getParentRoute: () => root, path, component: Page });
  const scenario = createRoute({
    getParentRoute: () => root,
    path: '/scenarios/$scenarioId',
    component: ScenarioMarker,
  });
  const router = createRouter({
    routeTree: root.addChildren([page, scenario]),
    history: createMemoryHistory({ initialEntries: [path] }),
    parseSearch: parseSearchParams,
    stringifySearch: stringifySearchParams,
  });
  render(<RouterProvider router={router} />);
  await act(async () => {
    await router.load();
  });
  return { db, router, userId };
}

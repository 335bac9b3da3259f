// The route tree of docs/product.md section 2 (code-based TanStack Router). The landing page is eager;
// every other screen is a lazy chunk, so the landing route loads no auth, database or chart code.
import {
  Link,
  Outlet,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { LoadingScreen } from '../components/layout/LoadingScreen';
import { ToastProvider } from '../components/toast/ToastProvider';
import { LandingPage } from '../features/landing/LandingPage';
import {
  parseSearchParams,
  stringifySearchParams,
  validateCompareSearch,
  validateForgotPasswordSearch,
  validateLoginSearch,
  validateScenarioDetailSearch,
} from './search-params';
import { validateImportSearch, validateTransactionsSearch } from './transaction-search';
import { afterEngineModels, afterRowModels } from '../data/load-engine-models';

// Screens whose chunks import the engine's schemas (and the scenario screens the template catalogue) load them
// first, a part per task (load-engine-models.ts): evaluated with a screen's chunks in one go, building those schemas
// was the compare screen's longest task after its first paint.
const scenarioRoutes = afterEngineModels(() => import('./scenario-routes'));

function NotFound() {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
        <Link to="/" className="button button-primary button-block">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}

const rootRoute = createRootRoute({
  component: () => (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  ),
  notFoundComponent: NotFound,
});

const landingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingPage });

// Public pages that a signed-in user should not see.
const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_public',
  component: lazyRouteComponent(() => import('./public-guard'), 'PublicOnlyLayout'),
});
const loginRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'login',
  validateSearch: validateLoginSearch,
  component: lazyRouteComponent(() => import('../features/auth/LoginPage'), 'LoginPage'),
});
const signupRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'signup',
  component: lazyRouteComponent(() => import('../features/auth/SignupPage'), 'SignupPage'),
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'forgot-password',
  validateSearch: validateForgotPasswordSearch,
  component: lazyRouteComponent(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
});

// Signed-in pages: the guard, the top bar and the user's database.
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  component: lazyRouteComponent(() => import('./protected-guard'), 'ProtectedLayout'),
});
const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'dashboard',
  component: lazyRouteComponent(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
});
const accountsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'accounts',
  component: lazyRouteComponent(
    afterRowModels(() => import('../features/accounts/AccountsPage')),
    'AccountsPage',
  ),
});
const recurringItemsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'recurring-items',
  component: lazyRouteComponent(
    afterRowModels(() => import('../features/recurring-items/RecurringItemsPage')),
    'RecurringItemsPage',
  ),
});
const scenariosRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'scenarios',
  component: lazyRouteComponent(
    afterEngineModels(() => import('../features/scenarios/list/ScenariosPage')),
    'ScenariosPage',
  ),
});
const compareRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'scenarios/compare',
  validateSearch: validateCompareSearch,
  component: lazyRouteComponent(scenarioRoutes, 'CompareRoute'),
});
const templatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'scenarios/templates',
  component: lazyRouteComponent(
    afterEngineModels(() => import('../features/scenarios/templates/TemplatesPage')),
    'TemplatesPage',
  ),
});
const templateFormRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'scenarios/template/$templateId',
  component: lazyRouteComponent(scenarioRoutes, 'TemplateFormRoute'),
});
const builderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'scenarios/builder',
  component: lazyRouteComponent(scenarioRoutes, 'BuilderCreateRoute'),
});
const builderEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'scenarios/builder/$scenarioId',
  validateSearch: validateScenarioDetailSearch,
  component: lazyRouteComponent(scenarioRoutes, 'BuilderEditRoute'),
});
const scenarioDetailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'scenarios/$scenarioId',
  validateSearch: validateScenarioDetailSearch,
  component: lazyRouteComponent(scenarioRoutes, 'ScenarioDetailRoute'),
});
const startRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'start',
  component: lazyRouteComponent(
    afterEngineModels(() => import('../features/start/StartPage')),
    'StartPage',
  ),
});
const transactionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'transactions',
  validateSearch: validateTransactionsSearch,
  loaderDeps: ({ search }) => search,
  // The list's count and first page are read while the screen renders (and on hover), not after its first render.
  // Its own chunk: imported here statically, the database code joined the landing page's first scripts.
  loader: ({ deps }) => {
    void import('../features/transactions/prefetch').then((m) => m.prefetchTransactions(deps));
  },
  component: lazyRouteComponent(
    afterRowModels(() => import('./transaction-routes')),
    'TransactionsRoute',
  ),
});
const importRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'transactions/import',
  validateSearch: validateImportSearch,
  component: lazyRouteComponent(
    afterRowModels(() => import('./import-route')),
    'ImportRoute',
  ),
});
const rulesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'transactions/rules',
  component: lazyRouteComponent(
    afterRowModels(() => import('../features/transactions/RulesPage')),
    'RulesPage',
  ),
});
const recurringReviewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'transactions/recurring',
  component: lazyRouteComponent(
    () => import('../features/transactions/recurring/RecurringReviewPage'),
    'RecurringReviewPage',
  ),
});
const planActualRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'transactions/plan',
  component: lazyRouteComponent(() => import('../features/transactions/plan/PlanVsActualPage'), 'PlanVsActualPage'),
});
const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'profile',
  component: lazyRouteComponent(
    afterEngineModels(() => import('../features/profile/ProfilePage')),
    'ProfilePage',
  ),
});

export const routeTree = rootRoute.addChildren([
  landingRoute,
  publicRoute.addChildren([loginRoute, signupRoute, forgotPasswordRoute]),
  appRoute.addChildren([
    dashboardRoute,
    accountsRoute,
    recurringItemsRoute,
    scenariosRoute,
    compareRoute,
    templatesRoute,
    templateFormRoute,
    builderRoute,
    builderEditRoute,
    scenarioDetailRoute,
    startRoute,
    transactionsRoute,
    importRoute,
    rulesRoute,
    recurringReviewRoute,
    planActualRoute,
    profileRoute,
  ]),
]);

/** Every path a signed-out visitor must be sent to /login from (tests walk this list). */
export const PROTECTED_PATHS = [
  '/dashboard',
  '/accounts',
  '/recurring-items',
  '/scenarios',
  '/scenarios/compare',
  '/scenarios/templates',
  '/scenarios/template/investment_property',
  '/scenarios/builder',
  '/scenarios/builder/scenario-1',
  '/scenarios/scenario-1',
  '/start',
  '/transactions',
  '/transactions/import',
  '/transactions/rules',
  '/transactions/recurring',
  '/transactions/plan',
  '/profile',
] as const;

export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    parseSearch: parseSearchParams,
    stringifySearch: stringifySearchParams,
    defaultPreload: 'intent',
    defaultPendingComponent: LoadingScreen,
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  // Declaration merging is how TanStack Router learns the route tree's types; it needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

// Renders the real route tree at a path with in-memory history, after resetting auth state between tests.
import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../../src/routes/router';
import { resetAuthClientForTests } from '../../src/lib/auth/auth-client';
import { resetAuthStoreForTests } from '../../src/lib/auth/auth-store';
import { closeUserDb } from '../../src/data/db';
import { resetAdapterMock } from './adapter-mock';

export const TEST_CONFIG = {
  apiBaseUrl: 'http://127.0.0.1:8787',
  cognito: {
    region: 'ap-southeast-2',
    userPoolId: 'ap-southeast-2_wyrdLocal1',
    userPoolClientId: 'wyrdlocalclient00000000000',
    userPoolEndpoint: 'http://127.0.0.1:9229',
  },
};

export function resetAppState(): void {
  closeUserDb();
  resetAuthStoreForTests();
  resetAuthClientForTests();
  resetAdapterMock();
  localStorage.clear();
}

export async function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(history);
  const view = render(<RouterProvider router={router} />);
  await act(async () => {
    await router.load();
  });
  return { ...view, router, history };
}

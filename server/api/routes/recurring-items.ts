// /recurring-items: the user's recurring income and expenses (docs/api.md).
import type { RouteDeps } from '../http.ts';
import * as ledger from '../store/ledger.ts';
import { crudRoutes } from './crud.ts';

export const recurringItemRoutes = (deps: RouteDeps) =>
  crudRoutes(deps, {
    entity: 'recurring_items',
    get: ledger.getRecurringItem,
    create: ledger.createRecurringItem,
    update: ledger.updateRecurringItem,
    remove: ledger.deleteRecurringItem,
  });

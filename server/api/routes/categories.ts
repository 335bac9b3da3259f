// /categories: the user's income and expense categories (docs/api.md).
import type { RouteDeps } from '../http.ts';
import * as ledger from '../store/ledger.ts';
import { crudRoutes } from './crud.ts';

export const categoryRoutes = (deps: RouteDeps) =>
  crudRoutes(deps, {
    entity: 'categories',
    get: ledger.getCategory,
    create: ledger.createCategory,
    update: ledger.updateCategory,
    remove: ledger.deleteCategory,
  });

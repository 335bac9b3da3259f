// /categories: the user's income and expense categories (docs/api.md).
import type { RouteDeps } from '../http';
import * as ledger from '../store/ledger';
import { crudRoutes } from './crud';

export const categoryRoutes = (deps: RouteDeps) =>
  crudRoutes(deps, {
    entity: 'categories',
    get: ledger.getCategory,
    create: ledger.createCategory,
    update: ledger.updateCategory,
    remove: ledger.deleteCategory,
  });

// The engine on the user's data: scenario compare and forecast, Smart Create's parser, and the dashboard figures.
import { Hono } from 'hono';
import { parseInput } from '../errors';
import { readJson, type Ctx, type Env, type RouteDeps } from '../http';
import { CompareInputSchema, ForecastQuerySchema, MonthsQuerySchema, PromptInputSchema } from '../inputs';
import * as compute from '../store/compute';
import { requireObject } from '../store/ledger';

export function computeRoutes({ db, auth, sub, today }: RouteDeps) {
  const months = (c: Ctx) => parseInput(MonthsQuerySchema, c.req.query(), ['query']);
  return (
    new Hono<Env>()
      // Fixed paths: mounted before /scenarios/:id.
      .post('/scenarios/compare', auth, async (c) => {
        const input = parseInput(CompareInputSchema, requireObject(await readJson(c)));
        return c.json(
          await compute.compareFor(
            db,
            sub(c),
            input.scenario_ids,
            input.forecast_years,
            input.as_of ?? today(),
            input.sampled,
          ),
        );
      })
      .post('/scenarios/identify-templates-from-prompt', auth, async (c) => {
        const { prompt } = parseInput(PromptInputSchema, requireObject(await readJson(c)));
        return c.json(compute.identifyTemplates(prompt, today()));
      })
      .get('/scenarios/:id/forecast', auth, async (c) => {
        const q = parseInput(ForecastQuerySchema, c.req.query(), ['query']);
        return c.json(await compute.forecastScenarioFor(db, sub(c), c.req.param('id'), q.years, q.as_of ?? today()));
      })
      .get('/dashboard/net-worth', auth, async (c) => c.json(await compute.netWorthFor(db, sub(c))))
      .get('/dashboard/cash-flow', auth, async (c) => {
        const q = months(c);
        return c.json(await compute.cashFlowFor(db, sub(c), q.as_of ?? today(), q.months));
      })
      .get('/dashboard/spending-by-category', auth, async (c) => {
        const q = months(c);
        return c.json(await compute.byCategoryFor(db, sub(c), q.as_of ?? today(), q.months, false));
      })
      .get('/dashboard/income-by-category', auth, async (c) => {
        const q = months(c);
        return c.json(await compute.byCategoryFor(db, sub(c), q.as_of ?? today(), q.months, true));
      })
  );
}

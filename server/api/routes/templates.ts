// /templates: the template catalogue, and a new scenario with one event of a template.
import { Hono } from 'hono';
import { ApiError, parseInput } from '../errors';
import { readJson, type Env, type RouteDeps } from '../http';
import { TEMPLATE_SCENARIO_FIELDS, TemplateScenarioFieldsSchema } from '../inputs';
import * as compute from '../store/compute';
import { requireObject } from '../store/ledger';
import * as scenarios from '../store/scenarios';

export const templateRoutes = ({ auth, write, today }: RouteDeps) =>
  new Hono<Env>()
    .get('/templates/', auth, (c) => c.json(compute.listTemplates()))
    .post('/templates/create-scenario', auth, async (c) => {
      const templateId = c.req.query('template_id');
      if (!templateId)
        throw new ApiError(422, [{ loc: ['query', 'template_id'], msg: 'is required', type: 'missing' }]);
      const template = compute.templateById(templateId);
      const body = await readJson(c);
      const values = requireObject(body ?? {});
      const fields = parseInput(TemplateScenarioFieldsSchema, values);
      const parameters = Object.fromEntries(
        Object.entries(values).filter(([k]) => !(TEMPLATE_SCENARIO_FIELDS as readonly string[]).includes(k)),
      );
      const created = await write(c, async (tx, ctx) => {
        const scenario = await scenarios.createScenario(tx, ctx, {
          name: fields.scenario_name ?? template.name,
          description: fields.scenario_description ?? template.description,
          is_baseline: false,
        });
        await scenarios.saveEvent(tx, ctx, scenario.id, {
          name: fields.event_name ?? template.name,
          trigger_month: fields.trigger_month ?? today().slice(0, 7),
          template_id: template.template_id,
          template_parameters: parameters,
        });
        return scenarios.getScenarioWithChildren(tx, ctx.sub, scenario.id);
      });
      return c.json(created, 201);
    })
    .get('/templates/:id', auth, (c) => c.json(compute.templateById(c.req.param('id'))));

// The event compiler the public entry points use: validates an event's template parameters (types,
// ranges, required, cross-field rules; field-named errors) and compiles it with the templates module.
// References to deleted accounts or items are not errors here: the simulator falls back and warns.
import { EngineInputError } from '../model/issues';
import { getTemplate } from '../templates/catalogue';
import { compileEvent, validateTemplateParameters } from '../templates/compile';
import { eventEntityId } from '../templates/materialise';
import type { EventCompiler } from './types';

const compileValidated = (event: Parameters<EventCompiler>[0], ctx: Parameters<EventCompiler>[1]) => {
  const template = getTemplate(event.template_id);
  if (!template)
    throw new EngineInputError([{ path: '$.template_id', message: `unknown template "${event.template_id}"` }]);
  const errors = validateTemplateParameters(template, event.template_parameters, {
    is_baseline: ctx.is_baseline,
    trigger_month: event.trigger_month,
  });
  if (errors.length > 0) {
    throw new EngineInputError(errors.map((e) => ({ path: `$.template_parameters.${e.field}`, message: e.message })));
  }
  return compileEvent(event, ctx);
};

export const defaultEventCompiler: EventCompiler = Object.assign(compileValidated, { entityId: eventEntityId });

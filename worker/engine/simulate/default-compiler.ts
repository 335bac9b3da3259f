// The event compiler the public entry points use: validates an event's template parameters (types,
// ranges, required, cross-field rules; field-named errors) and compiles it with the templates module.
// References to deleted accounts or items are not errors here: the simulator falls back and warns.
import { validateAndCompile } from '../templates/compile';
import { eventEntityId } from '../templates/entity-id';
import type { EventCompiler } from './types';

const compileValidated = (event: Parameters<EventCompiler>[0], ctx: Parameters<EventCompiler>[1]) =>
  validateAndCompile(event, ctx);

export const defaultEventCompiler: EventCompiler = Object.assign(compileValidated, { entityId: eventEntityId });

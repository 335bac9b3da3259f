// Typed errors the repositories throw: a rejected write always throws one of these and changes nothing.
export type DataFieldError = { field: string; message: string };

/** What kind of record a message is about, in the user's words. */
export type EntityLabel =
  | 'account'
  | 'recurring item'
  | 'category'
  | 'scenario'
  | 'event'
  | 'modification'
  | 'assumptions'
  | 'transaction'
  | 'import batch'
  | 'payee rule';

/** Input that fails the shared schema or a data rule; `errors` name each bad field. */
export class DataValidationError extends Error {
  readonly errors: DataFieldError[];
  readonly entity: EntityLabel;
  constructor(entity: EntityLabel, errors: DataFieldError[]) {
    super(`Invalid ${entity}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`);
    this.name = 'DataValidationError';
    this.entity = entity;
    this.errors = errors;
  }

  /** The message for one field, if that field failed. */
  messageFor(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }
}

/** Named so it never collides with the IndexedDB error names Dexie rewraps (NotFoundError is one of them). */
export class RecordNotFoundError extends Error {
  readonly entity: EntityLabel;
  readonly id: string;
  constructor(entity: EntityLabel, id: string) {
    super(`No ${entity} with id "${id}"`);
    this.name = 'RecordNotFoundError';
    this.entity = entity;
    this.id = id;
  }
}

/** A write that would break another record (deleting a category still in use). */
export class DataConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataConflictError';
  }
}

const LINK_MESSAGES = {
  account: {
    edit: 'This account is part of a scenario event. Please edit it through the scenario.',
    delete: 'Cannot delete this account. It was created by a scenario event. Please delete the event instead.',
  },
  'recurring item': {
    edit: 'This recurring item is part of a scenario event. Please edit it through the scenario.',
    delete: 'Cannot delete this recurring item. It was created by a scenario event. Please delete the event instead.',
  },
} as const;

/**
 * Editing or deleting an account or recurring item that a scenario event created: the spec's message, plus
 * the event (and its scenario, when known) so the screen can open /scenarios/{scenarioId}?editEvent={eventId}.
 */
export class ScenarioEventLinkError extends Error {
  readonly entity: 'account' | 'recurring item';
  readonly action: 'edit' | 'delete';
  readonly eventId: string;
  readonly scenarioId: string | null;
  constructor(
    entity: 'account' | 'recurring item',
    action: 'edit' | 'delete',
    eventId: string,
    scenarioId: string | null,
  ) {
    super(LINK_MESSAGES[entity][action]);
    this.name = 'ScenarioEventLinkError';
    this.entity = entity;
    this.action = action;
    this.eventId = eventId;
    this.scenarioId = scenarioId;
  }
}

import { MAX_EVENTS_PER_APPEND } from '@matchlog/client';
import { ID, eventTypes } from '@matchlog/domain';

/**
 * The append body, `{ expectedRevision, events: [{ id?, type, data }] }`, as JSON Schema from the
 * domain's vocabulary (its event types, its id pattern). Fastify compiles it with Ajv and checks every
 * append before any code of ours reads it; the OpenAPI document declares the same object, with each
 * type's data schema in place of `data` (event-schemas.ts). The domain checks `data` itself
 * (422 MALFORMED_EVENT, with the rule), so here it is only an object.
 */
export const appendBodySchema = (data: object = { type: 'object' }) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['expectedRevision', 'events'],
    properties: {
      expectedRevision: { type: 'integer', minimum: 0, example: 1, description: "the match's revision you appended after: its number of events so far" },
      events: { type: 'array', minItems: 1, maxItems: MAX_EVENTS_PER_APPEND, items: eventToAppendSchema(data) },
    },
  }) as const;

export const eventToAppendSchema = (data: object = { type: 'object' }) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['type', 'data'],
    properties: {
      id: { type: 'string', pattern: ID.source, description: 'your id for the event, for idempotent retries; generated when absent', example: 'table12-000042' },
      type: { type: 'string', enum: [...eventTypes] },
      data: { ...data, description: 'the data of an event of this type (docs/reference/events.md)' },
    },
  }) as const;

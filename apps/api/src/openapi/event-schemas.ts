import { EventType, ID, eventDataSchemas, eventTypes } from '@matchlog/domain';
import { OpenAPIObject, getSchemaPath } from '@nestjs/swagger';

/** The component name of an event type's data schema, e.g. "CardMovedData". */
export const eventDataSchemaName = (type: EventType): string => `${type}Data`;

/** `data` of an event: one of the event types' data schemas (docs/events.md). */
export const anyEventData = { oneOf: eventTypes.map((type) => ({ $ref: getSchemaPath(eventDataSchemaName(type)) })) };

/** The OpenAPI document with a schema per event type's data, from the domain's vocabulary (libs/domain/src/events/vocabulary.ts). */
export const withEventSchemas = (document: OpenAPIObject): OpenAPIObject => {
  const schemas = eventDataSchemas();
  const components = Object.fromEntries(eventTypes.map((type) => [eventDataSchemaName(type), schemas[type]]));
  return { ...document, components: { ...document.components, schemas: { ...document.components?.schemas, ...components } } };
};

/** The body of POST /matches: a MatchCreated's data, and optionally the match and event ids. */
export const createMatchBody = (() => {
  const created = eventDataSchemas().MatchCreated as { properties: object };
  const id = { type: 'string', pattern: ID.source };
  return {
    ...created,
    properties: {
      ...created.properties,
      matchId: { ...id, example: 'lyon-r3-t12', description: 'generated (a UUID) when absent' },
      eventId: { ...id, description: 'the MatchCreated event id, for idempotent retries; generated when absent' },
    },
  };
})();

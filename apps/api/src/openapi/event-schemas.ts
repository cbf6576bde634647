import { EventType, ID, eventDataSchemas, eventTypes } from '@matchlog/domain';
import { OpenAPIObject, getSchemaPath, type SchemaObject } from '@nestjs/swagger';
import { MAX_DECK_LISTS, MAX_DECK_LIST_LENGTH } from '../dto/is-deck-lists';
import { fourSoulsSetupSchema } from '../dto/four-souls-setup.dto';
import { appendBodySchema, eventToAppendSchema } from '../schemas/append-body.schema';

/** The component name of an event type's data schema, e.g. "CardMovedData". */
export const eventDataSchemaName = (type: EventType): string => `${type}Data`;

/** `data` of an event: one of the event types' data schemas (docs/reference/events.md). */
export const anyEventData = { oneOf: eventTypes.map((type) => ({ $ref: getSchemaPath(eventDataSchemaName(type)) })) };

/** The OpenAPI document with a schema per event type's data, from the domain's vocabulary (libs/domain/src/events/vocabulary.ts). */
export const withEventSchemas = (document: OpenAPIObject): OpenAPIObject => {
  const schemas = eventDataSchemas();
  const components: Record<string, object> = {
    ...Object.fromEntries(eventTypes.map((type) => [eventDataSchemaName(type), schemas[type]])),
    // the append body as Fastify checks it (append-body.schema.ts), each type's data schema in place of `data`
    AppendEventsDto: {
      ...appendBodySchema(),
      properties: { ...appendBodySchema().properties, events: { ...appendBodySchema().properties.events, items: { $ref: getSchemaPath('EventDto') } } },
    },
    EventDto: eventToAppendSchema(anyEventData),
  };
  return { ...document, components: { ...document.components, schemas: { ...document.components?.schemas, ...(components as Record<string, SchemaObject>) } } };
};

/** The body of POST /matches: a MatchCreated's data, and optionally the match and event ids and the deck lists as text (then `cards` may be absent). */
export const createMatchBody = (() => {
  const created = eventDataSchemas().MatchCreated as { properties: object };
  const id = { type: 'string', pattern: ID.source };
  return {
    ...created,
    properties: {
      ...created.properties,
      matchId: { ...id, example: 'lyon-r3-t12', description: 'generated (a UUID) when absent' },
      eventId: { ...id, description: 'the MatchCreated event id, for idempotent retries; generated when absent' },
      deckLists: {
        type: 'object',
        maxProperties: MAX_DECK_LISTS,
        additionalProperties: {
          oneOf: [
            { type: 'string', maxLength: MAX_DECK_LIST_LENGTH },
            {
              type: 'object',
              description: "Grand Archive: a deck site's JSON",
              properties: {
                cards: {
                  type: 'object',
                  properties: Object.fromEntries(
                    ['main', 'material', 'sideboard'].map((section) => [
                      section,
                      {
                        type: 'array',
                        items: { type: 'object', properties: { quantity: { type: 'integer', minimum: 1, maximum: 99 }, name: { type: 'string' }, uuid: { type: 'string' } } },
                      },
                    ]),
                  ),
                },
              },
              required: ['cards'],
            },
          ],
        },
        example: { p1: '4 Elsa - Snow Queen\n4 Be Prepared\n…', p2: '4 Ariel - On Human Legs\n…' },
        description:
          "Lorcana: each player's deck list as text, by player id, one card a line, the count then `Name - Version` (as Dreamborn, inkdecks and Limitless export it; blank lines and lines starting with # or // are skipped). Each list becomes that player's deck zone, in list order, with card ids `<player>-1` … `<player>-n`, definitions and printed facts from the card table. A line naming no card is 422 DECK_LIST_UNKNOWN_CARDS. Grand Archive: an Omnidex export (`# Material Deck`, `# Main Deck`, `# Sideboard`, then `N Card Name` lines) or a deck site's JSON `{cards: {main|material|sideboard: [{quantity, name, uuid}]}}`; the material deck's cards start in `material-deck` (ids `<player>-m1` …), the main deck's in `main-deck`, the sideboard is registered in the list only (`section: sideboard`); a bad line is 422 DECK_LIST_UNKNOWN_CARDS with its section.",
      },
      setup: fourSoulsSetupSchema,
    },
    required: (created as { required?: string[] }).required?.filter((field) => field !== 'cards'),
  };
})();

import { Fields, Spec } from './descriptor';
import { EventType, eventTypes } from './events';
import { exactlyOneOf, vocabulary } from './vocabulary';

/** A JSON Schema object as OpenAPI 3.0 writes it (`nullable` for null). */
export type JsonSchema = { readonly [keyword: string]: unknown };

const schemaOf = (spec: Spec, description?: string): JsonSchema => {
  const described = description !== undefined ? { description } : {};
  switch (spec.kind) {
    case 'string':
      return {
        type: 'string',
        ...(spec.values !== undefined && { enum: [...spec.values] }),
        ...(spec.listed !== undefined && { enum: [...spec.listed] }),
        ...(spec.pattern !== undefined && { pattern: spec.pattern.source }),
        ...(spec.maxLength !== undefined && { minLength: 1, maxLength: spec.maxLength }),
        ...(spec.nullable && { nullable: true }),
        ...described,
      };
    case 'integer':
      return {
        type: 'integer',
        minimum: spec.minimum,
        ...(spec.maximum !== undefined && { maximum: spec.maximum }),
        ...(spec.values !== undefined && { enum: [...spec.values] }),
        ...described,
      };
    case 'boolean':
      return { type: 'boolean', ...described };
    case 'position':
      return {
        oneOf: [
          { type: 'string', enum: ['top', 'bottom'] },
          { type: 'integer', minimum: 0 },
        ],
        ...described,
      };
    case 'array':
      return { type: 'array', items: schemaOf(spec.items), ...(spec.minItems !== undefined && { minItems: spec.minItems }), maxItems: spec.maxItems, ...described };
    case 'object':
      return { ...objectSchema(spec.fields), ...described };
  }
};

const objectSchema = (fields: Fields): JsonSchema => {
  const required = Object.keys(fields).filter((name) => !fields[name].optional);
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, schemaOf(field.spec, field.doc)])),
    ...(required.length > 0 && { required }),
    additionalProperties: false,
  };
};

/** The schema of each event type's data, from the vocabulary: what the domain accepts, for OpenAPI. */
export const eventDataSchemas = (): Record<EventType, JsonSchema> =>
  Object.fromEntries(eventTypes.map((type) => [type, { ...objectSchema(vocabulary[type]), ...exclusions(type) }])) as Record<EventType, JsonSchema>;

/** Each group of exactly-one fields as a oneOf of `required`s (with additionalProperties false, nothing else fits). */
const exclusions = (type: EventType): JsonSchema => {
  const groups = exactlyOneOf[type];
  if (groups === undefined) return {};
  return { allOf: groups.map((group) => ({ oneOf: group.map((name) => ({ required: [name] })) })) };
};

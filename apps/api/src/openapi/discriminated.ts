type Schema = Record<string, unknown>;

const DEFINITION = '#/definitions/';

/**
 * The definitions for the serializer: a union of object types told apart by their `type` (an
 * observation, an event) becomes a chain of if/then/else on `type`, so fast-json-stringify writes
 * each member by its own schema after one comparison, instead of trying the members' schemas one by
 * one. An event and an observation of the same `type` are told apart by the event's `id`. No object
 * is closed with `additionalProperties: false`: the serializer writes only the properties an object
 * declares whatever it says, and a closed member would refuse a value with one more field (a 500)
 * where the wall is to drop that field.
 */
export const discriminated = (definitions: Record<string, Schema>): Record<string, Schema> => {
  const resolve = (schema: Schema): Schema => (typeof schema.$ref === 'string' ? resolve(definitions[schema.$ref.slice(DEFINITION.length)]) : schema);
  const leaves = (branches: Schema[]): Schema[] => branches.flatMap((branch) => (Array.isArray(resolve(branch).anyOf) ? leaves(resolve(branch).anyOf as Schema[]) : [branch]));
  const typeOf = (branch: Schema): unknown => ((resolve(branch).properties as Record<string, Schema> | undefined)?.type as Schema | undefined)?.const;

  const chain = (branches: Schema[]): Schema => {
    const [first, ...rest] = branches;
    if (rest.length === 0) return first;
    const sameType = rest.filter((branch) => typeOf(branch) === typeOf(first));
    const byId = sameType.length > 0 && (resolve(first).required as string[]).includes('id');
    const test = { type: 'object', properties: { type: { const: typeOf(first) } }, required: byId ? ['type', 'id'] : ['type'] };
    return { if: test, then: walk(first), else: chain(rest) };
  };

  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const schema = node as Schema;
    if (Array.isArray(schema.anyOf)) {
      const branches = leaves(schema.anyOf as Schema[]);
      if (branches.length > 2 && branches.every((branch) => typeOf(branch) !== undefined)) {
        // events first: an observation never has an id, so an event's test never takes one
        const ordered = [...branches.filter((b) => (resolve(b).required as string[]).includes('id')), ...branches.filter((b) => !(resolve(b).required as string[]).includes('id'))];
        return chain(ordered);
      }
    }
    // closed objects stay closed without it (fast-json-stringify writes only declared properties), and a
    // union's member is chosen by what it declares, not refused for what a value holds besides
    return Object.fromEntries(Object.entries(schema).flatMap(([key, value]) => (key === 'additionalProperties' && value === false ? [] : [[key, walk(value)]])));
  };

  return Object.fromEntries(Object.entries(definitions).map(([name, schema]) => [name, walk(schema) as Schema]));
};

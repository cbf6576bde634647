type Schema = Record<string, unknown>;

const DEFINITION = '#/definitions/';

const isNull = (schema: unknown): boolean => (schema as Schema)?.type === 'null';

/**
 * The definitions (JSON Schema draft 7, as generated) as OpenAPI 3.0 has them: nullable, enums for
 * consts, oneOf, refs to components. A nullable ref gets the `type` of what it names beside `nullable`,
 * which OpenAPI 3.0 reads only with a `type` (Redocly's nullable-type-sibling).
 */
export const toOpenApi = (definitions: Record<string, Schema>): Record<string, Schema> => {
  const typeOfRef = (ref: string, seen = new Set<string>()): unknown => {
    const name = ref.slice(DEFINITION.length);
    const target = definitions[name];
    if (target === undefined || seen.has(name)) return undefined;
    if (typeof target.$ref === 'string') return typeOfRef(target.$ref, seen.add(name));
    const types = Array.isArray(target.type) ? target.type.filter((type) => type !== 'null') : [target.type];
    return types.length === 1 && typeof types[0] === 'string' ? types[0] : undefined;
  };

  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert);
    if (node === null || typeof node !== 'object') return node;
    const schema = node as Schema;
    if (Array.isArray(schema.anyOf)) {
      const { anyOf, ...rest } = schema;
      const branches = (anyOf as unknown[]).filter((branch) => !isNull(branch));
      const nullable = (anyOf as unknown[]).some(isNull);
      const one = (branches.length === 1 ? convert(branches[0]) : { oneOf: branches.map(convert) }) as Schema;
      const ref = branches.length === 1 ? (branches[0] as Schema).$ref : undefined;
      const type = nullable && typeof ref === 'string' ? typeOfRef(ref) : undefined;
      return { ...convertEach(rest), ...(nullable && one.$ref ? { allOf: [one] } : one), ...(type !== undefined && { type }), ...(nullable && { nullable: true }) };
    }
    const out = convertEach(schema);
    if (Array.isArray(schema.type)) {
      const types = (schema.type as string[]).filter((type) => type !== 'null');
      Object.assign(out, types.length === 1 ? { type: types[0] } : { oneOf: types.map((type) => ({ type })) }, schema.type.includes('null') && { nullable: true });
      if (types.length !== 1) delete out.type;
    }
    if ('const' in schema) {
      delete out.const;
      out.enum = [schema.const];
    }
    if (typeof schema.$ref === 'string') out.$ref = schema.$ref.replace(DEFINITION, '#/components/schemas/');
    if (schema.additionalProperties !== undefined && typeof schema.additionalProperties === 'object' && Object.keys(schema.additionalProperties as object).length === 0)
      out.additionalProperties = true;
    return out;
  };

  const convertEach = (schema: Schema): Schema => Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === '$ref' ? value : convert(value)]));

  return Object.fromEntries(Object.entries(definitions).map(([name, schema]) => [name, convert(schema) as Schema]));
};

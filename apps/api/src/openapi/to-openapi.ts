type Schema = Record<string, unknown>;

const isNull = (schema: unknown): boolean => (schema as Schema)?.type === 'null';

/** One JSON Schema (draft 7, as generated) as OpenAPI 3.0 has it: nullable, enums for consts, oneOf, refs to components. */
const convert = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(convert);
  if (node === null || typeof node !== 'object') return node;
  const schema = node as Schema;
  if (Array.isArray(schema.anyOf)) {
    const { anyOf, ...rest } = schema;
    const branches = (anyOf as unknown[]).filter((branch) => !isNull(branch)).map(convert);
    const nullable = (anyOf as unknown[]).some(isNull);
    const one = branches.length === 1 ? branches[0] : { oneOf: branches };
    const branch = one as Schema;
    return { ...convertEach(rest), ...(nullable && branch.$ref ? { allOf: [branch] } : branch), ...(nullable && { nullable: true }) };
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
  if (typeof schema.$ref === 'string') out.$ref = schema.$ref.replace('#/definitions/', '#/components/schemas/');
  if (schema.additionalProperties !== undefined && typeof schema.additionalProperties === 'object' && Object.keys(schema.additionalProperties as object).length === 0)
    out.additionalProperties = true;
  return out;
};

const convertEach = (schema: Schema): Schema => Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === '$ref' ? value : convert(value)]));

export const toOpenApi = (definitions: Record<string, Schema>): Record<string, Schema> =>
  Object.fromEntries(Object.entries(definitions).map(([name, schema]) => [name, convert(schema) as Schema]));

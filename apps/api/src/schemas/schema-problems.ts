import { FieldProblem } from '@matchlog/matches';

/** One of Ajv's errors, as Fastify attaches them (request.validationError.validation). */
export interface SchemaError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
}

const ID_HINT = 'must be 1-128 letters, digits, ".", "_", ":" or "-"';

/** "/events/0/type" as "events.0.type". */
const pathOf = (instancePath: string): string => instancePath.split('/').slice(1).join('.');
const under = (parent: string, key: string): string => (parent === '' ? key : `${parent}.${key}`);

/** What the problem says, naming its field first, as every VALIDATION_FAILED message does. */
const describe = (error: SchemaError, path: string): FieldProblem => {
  const { keyword, params } = error;
  switch (keyword) {
    case 'additionalProperties':
      return { path: under(path, String(params.additionalProperty)), message: `property ${String(params.additionalProperty)} should not exist` };
    case 'required':
      return { path: under(path, String(params.missingProperty)), message: `${under(path, String(params.missingProperty))} is required` };
    case 'enum':
      return { path, message: `${path} must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'minimum':
      return { path, message: `${path} must not be less than ${String(params.limit)}` };
    case 'minItems':
      return { path, message: `${path} must contain at least ${String(params.limit)} elements` };
    case 'maxItems':
      return { path, message: `${path} must contain no more than ${String(params.limit)} elements` };
    case 'pattern':
      return { path, message: `${path} ${ID_HINT}` };
    case 'type':
      return {
        path,
        message: `${path} must be ${params.type === 'integer' ? 'an integer number' : params.type === 'object' ? 'an object' : params.type === 'array' ? 'an array' : `a ${String(params.type)}`}`,
      };
    default:
      return { path, message: `${path} ${error.message ?? 'is not valid'}` };
  }
};

/** Ajv's errors of a request's body as the API's field problems: one per broken constraint, its path dotted. */
export const schemaProblems = (errors: readonly SchemaError[]): FieldProblem[] =>
  errors.map((error) => {
    const problem = describe(error, pathOf(error.instancePath));
    return problem.path === '' ? { path: '', message: `the body ${problem.message.trimStart()}` } : problem;
  });

import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiSecurity, OpenAPIObject, type OperationObject } from '@nestjs/swagger';

/** A token is needed: the organizer key or a match token. */
export const ApiToken = () => ApiBearerAuth();

/** Public without a token; a token reads more (another audience, a withheld receipt). */
export const ApiOptionalToken = () => applyDecorators(ApiSecurity({}), ApiBearerAuth());

/** The document with `security: []` on every operation that needs no token, said rather than implied. */
export const withPublicOperationsMarked = (document: OpenAPIObject): OpenAPIObject => ({
  ...document,
  paths: Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => [method, METHODS.has(method) && !(operation as OperationObject).security ? { ...operation, security: [] } : operation]),
      ),
    ]),
  ),
});
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

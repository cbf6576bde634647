// npm run schemas:responses — rewrites apps/api/src/openapi/response-schemas.generated.ts from the types that apps/api/src/openapi/responses.ts names.
import { writeFileSync } from 'fs';
import { join } from 'path';
import { generateResponseSchemas, responseSchemasModule } from './generate-response-schemas';

const file = join(__dirname, '..', 'apps', 'api', 'src', 'openapi', 'response-schemas.generated.ts');
const schemas = generateResponseSchemas(join(__dirname, '..'));
writeFileSync(file, responseSchemasModule(schemas));
console.log(`wrote ${Object.keys(schemas.definitions).length} definitions to ${file}`);

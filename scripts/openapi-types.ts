import { execFileSync } from 'child_process';
import { join } from 'path';

/** openapi-typescript is an ES module jest can not load: it runs in node, the document on stdin, the types on stdout. */
const GENERATE = `
import openapiTS, { astToString } from 'openapi-typescript';
import { readFileSync } from 'fs';
process.stdout.write(astToString(await openapiTS(JSON.parse(readFileSync(0, 'utf8')))));
`;

/** TypeScript types (`paths`, `components`) for an OpenAPI document, as openapi-typescript writes them. */
export const openApiTypes = (document: unknown): string =>
  execFileSync(process.execPath, ['--input-type=module', '-e', GENERATE], {
    input: JSON.stringify(document),
    cwd: join(__dirname, '..'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });

import { execFileSync } from 'child_process';
import { join } from 'path';

/**
 * openapi-typescript is an ES module jest can not load: it runs in node, the document on stdin, the types on stdout.
 * Stdin is read as a stream: a synchronous read of a document larger than the pipe's buffer fails with EAGAIN.
 */
const GENERATE = `
import openapiTS, { astToString } from 'openapi-typescript';
let input = '';
for await (const chunk of process.stdin) input += chunk;
process.stdout.write(astToString(await openapiTS(JSON.parse(input))));
`;

/** TypeScript types (`paths`, `components`) for an OpenAPI document, as openapi-typescript writes them. */
export const openApiTypes = (document: unknown): string =>
  execFileSync(process.execPath, ['--input-type=module', '-e', GENERATE], {
    input: JSON.stringify(document),
    cwd: join(__dirname, '..'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });

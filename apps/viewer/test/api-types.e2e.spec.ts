import { readFileSync } from 'fs';
import { join } from 'path';
import { viewerApiTypes } from '../../../scripts/viewer-api-types';

// The viewer is typed by the OpenAPI document alone: its copy of the types must be the document's now.
describe("the viewer's API types", () => {
  it('are what openapi-typescript makes of /docs-json today (else: npm run viewer:api-types)', async () => {
    const committed = readFileSync(join(__dirname, '..', 'src', 'api', 'schema.d.ts'), 'utf8');
    expect(committed === (await viewerApiTypes())).toBe(true);
  });
});

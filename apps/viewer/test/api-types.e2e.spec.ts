import { readFileSync } from 'fs';
import { relative } from 'path';
import { API_TYPE_TARGETS, viewerApiTypes } from '../../../scripts/viewer-api-types';

// The viewer and the client library are typed by the OpenAPI document alone: their copies of the types must be the document's now.
describe("the viewer's and the client library's API types", () => {
  it('are what openapi-typescript makes of /docs-json today (else: npm run viewer:api-types)', async () => {
    const types = await viewerApiTypes();
    const stale = API_TYPE_TARGETS.filter((target) => readFileSync(target, 'utf8') !== types).map((target) => relative(process.cwd(), target));
    expect(stale).toEqual([]);
  });
});

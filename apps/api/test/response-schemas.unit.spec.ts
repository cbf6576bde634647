import { generateResponseSchemas } from '../../../scripts/generate-response-schemas';
import { responseDefinitions } from '../src/openapi/response-schemas.generated';

describe('the response schemas', () => {
  it('are what the TypeScript types responses.ts names make of them now: run `npm run schemas:responses` after changing a type', () => {
    expect(responseDefinitions).toEqual(generateResponseSchemas().definitions);
  }, 60_000);

  it('declare every field of a view and close every object, so the serializer writes nothing else', () => {
    const view = responseDefinitions.AudienceView;
    expect(view.additionalProperties).toBe(false);
    expect(Object.keys(view.properties).sort()).toEqual([
      'audience',
      'counters',
      'departed',
      'desk',
      'ended',
      'game',
      'players',
      'queue',
      'revision',
      'time',
      'tournament',
      'turn',
      'voided',
      'zones',
    ]);
    expect(responseDefinitions.SeenCard.additionalProperties).toBe(false);
    expect(responseDefinitions.JudgeCard.additionalProperties).toBe(false);
  });
});

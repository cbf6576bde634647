import { compileSerializer, compiled, serializerOf } from '../src/openapi/response-schemas';
import { responseDefinitions } from '../src/openapi/response-schemas.generated';

describe("the answers' serializers (one per schema in the process, compiled when first used)", () => {
  it.each(Object.keys(responseDefinitions))('%s compiles', (name) => {
    expect(typeof compileSerializer({ $ref: `matchlog-responses#/definitions/${name}` })).toBe('function');
  });

  it('is one serializer for a schema, whichever route or app asks, and it writes only what the type declares', () => {
    const appended = serializerOf({ schema: { $ref: 'matchlog-responses#/definitions/Appended' } });
    expect(serializerOf({ schema: { $ref: 'matchlog-responses#/definitions/Appended' } })).toBe(appended);
    expect(compiled('Appended')).toBe(appended);
    expect(JSON.parse(appended({ matchId: 'm', revision: 2, position: 3, salt: 'secret' }))).toEqual({ matchId: 'm', revision: 2, position: 3 });
  });

  it('refuses a reference to a type that does not exist when it compiles', () => {
    expect(() => compileSerializer({ $ref: 'matchlog-responses#/definitions/NoSuchType' })).toThrow();
  });
});

import { languageOf } from '../src/audit/language';

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['fr-FR, es;q=0.5, en;q=0.4', 'es'],
    ['en-GB,en;q=0.9,es;q=0.8', 'en'],
    ['de, fr', 'en'],
    ['es;q=0, en', 'en'],
    ['en;q=0.2, es;q=0.7', 'es'],
  ])('%s → %s', (header, language) => expect(languageOf(header)).toBe(language));
});

import { loadLanguage, setLanguage } from '../src/i18n';
import { delayText } from '../src/ui/delay-badge';

// the Spanish words are a chunk of their own, fetched before a page speaks them
beforeAll(() => loadLanguage('es'));

describe("the overlay's badge says the delay as it was set", () => {
  afterEach(() => setLanguage('en'));

  it('in seconds under a minute, minutes when whole, both otherwise: never rounded to a minute', () => {
    expect(delayText({ seconds: 30 })).toBe('Delayed 30 s');
    expect(delayText({ seconds: 300 })).toBe('Delayed 5 min');
    expect(delayText({ seconds: 90 })).toBe('Delayed 1 min 30 s');
    expect(delayText({ seconds: 61 })).toBe('Delayed 1 min 1 s');
  });

  it('a delay in events says its events, and both when both are set', () => {
    expect(delayText({ events: 5 })).toBe('Delayed 5 events');
    expect(delayText({ events: 5, seconds: 30 })).toBe('Delayed 5 events · 30 s');
  });

  it('no delay, no badge', () => {
    expect(delayText(undefined)).toBeNull();
    expect(delayText({ seconds: 0, events: 0 })).toBeNull();
  });

  it('in Spanish', () => {
    setLanguage('es');
    expect(delayText({ seconds: 30 })).toBe('Diferido 30 s');
  });
});

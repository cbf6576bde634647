import { rulesets } from '@matchlog/domain';
import { gameName, zoneLabel, zoneName } from '../src/games';

describe('the names the board shows, not the ids', () => {
  it('each game by its proper name', () => {
    expect(Object.keys(rulesets).map(gameName)).toEqual(['Disney Lorcana', 'Four Souls', 'Grand Archive']);
  });

  it('every zone of every ruleset in words, with its slot', () => {
    for (const ruleset of Object.values(rulesets))
      for (const zone of ruleset.zones) {
        expect(zoneName(zone.name)).not.toContain('-');
        expect(zoneName(zone.name)).toMatch(/^[A-Z]/);
      }
    expect(zoneName('effects-stack')).toBe('Effects stack');
    expect(zoneLabel({ zone: 'shop-slot', slot: 2 })).toBe('Shop 2');
    expect(zoneName('some-new-zone')).toBe('Some new zone');
  });
});

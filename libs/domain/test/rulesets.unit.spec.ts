import { rulesets, zoneDefinition } from '@matchlog/domain';

const zone = (game: keyof typeof rulesets, name: string) => zoneDefinition(rulesets[game], name)!;

describe('Lorcana zones', () => {
  it('declares exactly the wire names of 7.1.2.1 and 7.1.3.1', () => {
    expect(rulesets.lorcana.zones.map((z) => z.name)).toEqual(['deck', 'hand', 'play', 'inkwell', 'discard', 'bag']);
  });

  it('7.1.2.1: play, discard and the bag are public', () => {
    expect(['play', 'discard', 'bag'].map((name) => zone('lorcana', name).visibility)).toEqual(['public', 'public', 'public']);
  });

  it('7.1.3.1, 7.5.4: the inkwell is private even to its owner, and what anyone knew of a card is lost there', () => {
    expect(zone('lorcana', 'inkwell')).toMatchObject({ visibility: 'hidden', anonymous: true, defaultFace: 'down' });
    expect(zone('lorcana', 'hand').visibility).toBe('owner');
    expect(zone('lorcana', 'deck')).toMatchObject({ visibility: 'hidden', ordered: true });
  });

  it('7.1.5: only play is in play; 7.7: the bag is shared and resolves by the bag discipline', () => {
    expect(rulesets.lorcana.zones.filter((z) => z.inPlay).map((z) => z.name)).toEqual(['play']);
    expect(zone('lorcana', 'bag')).toMatchObject({ scope: 'shared', holdsAbilities: true });
    expect(rulesets.lorcana.pending).toMatchObject({ kind: 'bag', onlyTriggered: true });
  });

  it('7.1.6: a card leaving play becomes a new card and loses gained status', () => {
    expect(rulesets.lorcana.zoneChange).toMatchObject({ newObjectWhenLeaving: 'in-play', clearsStatus: true });
  });
});

describe('Four Souls zones', () => {
  it('has shared decks and discards, slot zones with numbers, covered as its own public zone not in play', () => {
    const shared = rulesets['four-souls'].zones.filter((z) => z.scope === 'shared').map((z) => z.name);
    expect(shared).toEqual(
      expect.arrayContaining([
        'treasure-deck',
        'loot-deck',
        'monster-deck',
        'room-deck',
        'treasure-discard',
        'loot-discard',
        'monster-discard',
        'room-discard',
        'shop-slot',
        'monster-slot',
        'room-slot',
        'covered',
        'stack',
        'outside',
      ]),
    );
    expect(zone('four-souls', 'monster-slot')).toMatchObject({ inPlay: true, visibility: 'public', slots: { min: 1 } });
    expect(zone('four-souls', 'covered')).toMatchObject({ inPlay: false, visibility: 'public' });
    expect(zone('four-souls', 'hand')).toMatchObject({ scope: 'player', visibility: 'owner' });
  });

  it('"Decks": an empty deck is refilled from its own discard; every zone change makes a new object', () => {
    expect(zone('four-souls', 'loot-deck')).toMatchObject({ visibility: 'hidden', refillFrom: 'loot-discard' });
    expect(zone('four-souls', 'monster-deck').refillFrom).toBe('monster-discard');
    expect(rulesets['four-souls'].zoneChange.newObjectWhenLeaving).toBe('any');
    expect(rulesets['four-souls'].pending.kind).toBe('stack');
  });
});

describe('Grand Archive zones', () => {
  it('has the rulebook zones per player and a shared effects stack', () => {
    expect(rulesets['grand-archive'].zones.map((z) => `${z.name}:${z.scope}`)).toEqual([
      'main-deck:player',
      'material-deck:player',
      'hand:player',
      'memory:player',
      'field:player',
      'graveyard:player',
      'banishment:player',
      'intent:player',
      'effects-stack:shared',
    ]);
  });

  it('face-down cards may be looked at by their controller, except in the main deck and banishment', () => {
    expect(zone('grand-archive', 'field').controllerMayLookFaceDown).toBe(true);
    expect(zone('grand-archive', 'main-deck').controllerMayLookFaceDown).toBe(false);
    expect(zone('grand-archive', 'banishment').controllerMayLookFaceDown).toBe(false);
  });

  it('cards are face up by default except in the main deck, material deck, memory and hand', () => {
    const down = rulesets['grand-archive'].zones.filter((z) => z.defaultFace === 'down').map((z) => z.name);
    expect(down).toEqual(['main-deck', 'material-deck', 'hand', 'memory']);
  });
});

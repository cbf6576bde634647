import { readFileSync, readdirSync, statSync } from 'fs';
import { join } from 'path';
import { MatchEvent, emptyMatch, evolve, firstPerception, observe, validate } from '@matchlog/domain';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { ruleFindings } from '../src/findings';

/** The tricky parts of the rule findings, one situation at a time. */
const codesOf = (events: readonly MatchEvent[]) => ruleFindings(events).map((f) => `${f.code}@${f.revision}`);

const lorcana = () =>
  created('lorcana', [
    ...cards('p1', 'deck', ['Ariel - On Human Legs', 'Stitch - Rock Star', 'Elsa - Snow Queen', 'Be Prepared']),
    ...cards('p1', 'hand', ['Hades - King of Olympus']),
    ...cards('p1', 'play', ['Lyle Tiberius Rourke']),
    ...cards('p1', 'discard', ['Hercules - Divine Hero']),
    ...cards('p2', 'deck', ['Moana - Of Motunui', 'Maui - Hero to All']),
    ...cards('p2', 'play', ['Goofy - Musketeer']),
  ]);
const deck = at('deck', 'p1');
const hand = at('hand', 'p1');
const turn = (player = 'p1', n = 1) => event('TurnStarted', { player, turn: n });
const trigger = (triggerId: string, player: string, sourceCardId = player === 'p1' ? 'p1-play-0' : 'p2-play-0', extra = {}) =>
  event('TriggerAdded', { triggerId, player, sourceCardId, ability: 'When questing', ...extra });
const resolve = (triggerId: string, player: string) => event('TriggerResolved', { triggerId, player });

describe('Lorcana 7.7.4: the bag', () => {
  it('Example B, resolved in order, gives no finding', () => {
    const events = [
      lorcana(),
      turn(),
      trigger('a1', 'p1'),
      trigger('a2', 'p1'),
      trigger('o1', 'p2'),
      resolve('a1', 'p1'),
      trigger('a3', 'p1'), // added during resolution by the resolving player (7.7.5)
      resolve('a2', 'p1'),
      resolve('a3', 'p1'), // the last resolver continues (7.7.4.3)
      resolve('o1', 'p2'),
      trigger('a4', 'p1'), // the bag passes (7.7.4.4); the active player's new one waits (7.7.6)
      resolve('a4', 'p1'), // and passes back (7.7.4.5)
    ];
    expect(codesOf(events)).toEqual([]);
  });

  it('Example B with the opponent resolving while the active player still has abilities: a finding', () => {
    const events = [lorcana(), turn(), trigger('a1', 'p1'), trigger('a2', 'p1'), trigger('o1', 'p2'), resolve('a1', 'p1'), resolve('o1', 'p2')];
    expect(codesOf(events)).toEqual(['BAG_OUT_OF_ORDER@7']);
  });

  it("the chooser resolving another player's ability is out of order too", () => {
    const findings = ruleFindings([lorcana(), turn(), trigger('a1', 'p1'), trigger('o1', 'p2'), resolve('o1', 'p1')]);
    expect(findings.map((f) => [f.code, f.players])).toEqual([['BAG_OUT_OF_ORDER', ['p1', 'p2']]]);
    expect(findings[0].message).toContain('not one of theirs');
  });

  it("a triggered ability resolved after the action's effect has resolved is fine (7.1.6.1)", () => {
    const events = [
      lorcana(),
      turn(),
      event('EffectStarted', { effectId: 'fx', player: 'p1', kind: 'action' }),
      trigger('a1', 'p1'),
      event('EffectResolved', { effectId: 'fx' }),
      resolve('a1', 'p1'),
      event('EffectStarted', { effectId: 'fx2', player: 'p1', kind: 'ability' }),
      trigger('a2', 'p1'),
      resolve('a2', 'p1'),
    ];
    expect(codesOf(events)).toEqual([]);
  });
});

describe('Lorcana 7.2.2: the order of a deck', () => {
  it('a draw from the top gives no finding, one after another or two at once', () => {
    const events = [
      lorcana(),
      turn(),
      move('p1-deck-0', deck, hand),
      event('CardsMoved', {
        moves: [
          { cardId: 'p1-deck-1', from: deck, to: hand },
          { cardId: 'p1-deck-2', from: deck, to: hand },
        ],
      }),
    ];
    expect(codesOf(events)).toEqual([]);
  });

  it('drawing a card that is not on top is flagged, also inside a CardsMoved', () => {
    expect(codesOf([lorcana(), turn(), move('p1-deck-1', deck, hand)])).toEqual(['DECK_ORDER_CHANGED@3']);
    const two = event('CardsMoved', {
      moves: [
        { cardId: 'p1-deck-0', from: deck, to: hand },
        { cardId: 'p1-deck-2', from: deck, to: hand },
      ],
    });
    expect(codesOf([lorcana(), turn(), two])).toEqual(['DECK_ORDER_CHANGED@3']);
  });

  it('a card found by a search, or moved by a named effect, may come from anywhere in the deck', () => {
    const events = [
      lorcana(),
      turn(),
      event('SearchPerformed', { player: 'p1', zone: deck, criteria: 'elsa', found: 'p1-deck-2' }),
      move('p1-deck-2', deck, hand),
      move('p1-deck-1', deck, at('play', 'p1'), { source: 'p1-play-0' }),
    ];
    expect(codesOf(events)).toEqual([]);
  });

  it('moving a card within the deck without an effect changes its order; with one it does not count', () => {
    expect(codesOf([lorcana(), turn(), move('p1-deck-0', deck, deck, { position: 'bottom' })])).toEqual(['DECK_ORDER_CHANGED@3']);
    expect(codesOf([lorcana(), turn(), move('p1-deck-0', deck, deck, { position: 'bottom', source: 'p1-play-0' })])).toEqual([]);
    expect(codesOf([lorcana(), turn(), move('p1-hand-0', hand, deck, { position: 'top' })])).toEqual([]);
  });

  it('a shuffle is the one way to change the order', () => {
    expect(codesOf([lorcana(), turn(), event('ZoneShuffled', { zone: deck, order: ['p1-deck-3', 'p1-deck-1', 'p1-deck-0', 'p1-deck-2'] }), move('p1-deck-3', deck, hand)])).toEqual(
      [],
    );
  });
});

describe('Lorcana 7.1.3, 7.1.4: looking and searching', () => {
  it('a search of a private zone that fails gives no finding, even with a matching card there', () => {
    expect(codesOf([lorcana(), turn(), event('SearchPerformed', { player: 'p1', zone: deck, criteria: 'Elsa', found: null })])).toEqual([]);
  });

  it('a failed search of a public zone is flagged only when a card matches (case-insensitive containment)', () => {
    const search = (criteria?: string) => event('SearchPerformed', { player: 'p1', zone: at('discard', 'p1'), ...(criteria !== undefined && { criteria }), found: null });
    expect(codesOf([lorcana(), turn(), search('DIVINE')])).toEqual(['FAILED_TO_FIND_PUBLIC@3']);
    expect(codesOf([lorcana(), turn(), search()])).toEqual(['FAILED_TO_FIND_PUBLIC@3']);
    expect(codesOf([lorcana(), turn(), search('Moana')])).toEqual([]);
  });

  it("looking at your own hand is fine (7.3.2); a deck, an inkwell or an opponent's hand needs an effect", () => {
    const look = (cardIds: string[], source?: string) => event('CardsLookedAt', { player: 'p1', cardIds, ...(source && { source }) });
    expect(codesOf([lorcana(), turn(), look(['p1-hand-0'])])).toEqual([]);
    expect(codesOf([lorcana(), turn(), look(['p1-deck-0'], 'p1-play-0')])).toEqual([]);
    expect(codesOf([lorcana(), turn(), look(['p1-deck-0'])])).toEqual(['LOOK_WITHOUT_EFFECT@3']);
    expect(codesOf([lorcana(), turn(), move('p1-hand-0', hand, at('inkwell', 'p1')), look(['p1-hand-0'])])).toEqual(['LOOK_WITHOUT_EFFECT@4']);
    expect(codesOf([lorcana(), turn(), look(['p1-play-0', 'p1-discard-0'])])).toEqual([]);
  });

  it('a card inked facedown (the default) gives no finding', () => {
    expect(codesOf([lorcana(), turn(), move('p1-hand-0', hand, at('inkwell', 'p1'))])).toEqual([]);
  });
});

describe('Four Souls', () => {
  const fs = () =>
    created('four-souls', [
      ...cards(null, at('loot-deck'), ['A Penny!']),
      ...cards(null, at('loot-discard'), ['Pills!']),
      ...cards(null, at('monster-slot', undefined, 1), ['Gaper']),
      ...cards('p1', 'play', ['Isaac']),
    ]);
  const draw = move('shared-loot-deck-0', at('loot-deck'), at('hand', 'p1'));

  it('a deck emptied as the log ends, or with an empty discard, is not flagged', () => {
    expect(codesOf([fs(), draw])).toEqual([]);
    const noDiscard = created('four-souls', [...cards(null, at('loot-deck'), ['A Penny!']), ...cards('p1', 'play', ['Isaac'])]);
    expect(codesOf([noDiscard, move('shared-loot-deck-0', at('loot-deck'), at('hand', 'p1')), turn()])).toEqual([]);
  });

  it('the finding sits at the event that emptied the deck, and names the event that came instead of the refill', () => {
    const findings = ruleFindings([fs(), draw, turn()]);
    expect(findings.map((f) => `${f.code}@${f.revision}`)).toEqual(['DECK_NOT_REFILLED@2']);
    expect(findings[0].message).toContain('revision 3');
  });

  it('an ability whose target stayed put resolves; one whose target was removed and came back is still a new object', () => {
    const slot = at('monster-slot', undefined, 1);
    const attack = trigger('t1', 'p1', 'p1-play-0', { targets: ['shared-monster-slot1-0'] });
    expect(codesOf([fs(), attack, resolve('t1', 'p1')])).toEqual([]);
    const away = move('shared-monster-slot1-0', slot, at('outside'));
    const back = move('shared-monster-slot1-0', at('outside'), slot);
    expect(codesOf([fs(), attack, away, back, resolve('t1', 'p1')])).toEqual(['FIZZLE_IGNORED@5']);
  });
});

describe('Grand Archive', () => {
  const ga = () =>
    created('grand-archive', [
      ...cards('p1', 'main-deck', ['Arcane Blast']),
      ...cards('p1', 'hand', ['Cosmic Bolt', 'Smoke Bomb']),
      ...cards('p1', 'field', ['Lorraine', 'Sword Saint']),
    ]);
  const look = (player: string, cardIds: string[]) => event('CardsLookedAt', { player, cardIds });

  it('an unknown face-down card in banishment may not be looked at, even by its controller', () => {
    const banished = move('p1-hand-1', at('hand', 'p1'), at('banishment', 'p1'), { faceDown: true });
    expect(codesOf([ga(), banished, look('p1', ['p1-hand-1'])])).toEqual(['LOOK_NOT_ALLOWED@3']);
  });

  it('a card that was public when banished face down stays known to who saw it (2.1.1)', () => {
    const banished = move('p1-field-1', at('field', 'p1'), at('banishment', 'p1'), { faceDown: true });
    expect(codesOf([ga(), banished, look('p1', ['p1-field-1']), look('p2', ['p1-field-1'])])).toEqual([]);
  });

  it('after control of a face-down card changes, its owner and former controller may not look at it; the new controller may', () => {
    const faceDown = event('CardStatusChanged', { cardId: 'p1-field-0', faceDown: true });
    const given = event('ControlChanged', { cardId: 'p1-field-0', controller: 'p2' });
    expect(codesOf([ga(), faceDown, look('p1', ['p1-field-0'])])).toEqual([]);
    expect(codesOf([ga(), faceDown, given, look('p2', ['p1-field-0']), look('p1', ['p1-field-0'])])).toEqual(['LOOK_NOT_ALLOWED@5']);
  });

  it('a specified card revealed to one player only is not revealed; revealed to every player it is', () => {
    const shuffledIn = move('p1-hand-0', at('hand', 'p1'), at('main-deck', 'p1'), { characteristic: 'Cosmic Bolt' });
    expect(codesOf([ga(), event('CardsRevealed', { cardIds: ['p1-hand-0'], to: ['p2'] }), shuffledIn])).toEqual(['UNREVEALED_SPECIFIED_CARD@3']);
    expect(codesOf([ga(), event('CardsRevealed', { cardIds: ['p1-hand-0'], to: ['p1', 'p2'] }), shuffledIn])).toEqual([]);
    expect(codesOf([ga(), move('p1-hand-0', at('hand', 'p1'), at('banishment', 'p1'), { faceDown: true, characteristic: 'Cosmic Bolt' })])).toEqual([]);
  });
});

describe('ruleFindings', () => {
  it('is deterministic and leaves its input alone', () => {
    const events = [lorcana(), turn(), move('p1-deck-1', deck, hand), event('CardsLookedAt', { player: 'p1', cardIds: ['p1-deck-0'] })];
    const copy = JSON.parse(JSON.stringify(events));
    expect(ruleFindings(events)).toEqual(ruleFindings(events));
    expect(events).toEqual(copy);
  });

  it('an empty log, or one without MatchCreated first, has no findings', () => {
    expect(ruleFindings([])).toEqual([]);
    expect(ruleFindings([turn()])).toEqual([]);
  });

  it('is pure: no framework, storage, system time, randomness or environment in libs/audit/src/findings', () => {
    const root = join(__dirname, '..', 'src', 'findings');
    const files = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
    const offenders = files(root).filter((file) =>
      /from '(@nestjs\/|fs|path|crypto|better-sqlite3|kysely)|Date\.now\(|new Date\(|Math\.random\(|\bprocess\./.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

describe('vocabulary used by the findings', () => {
  const fs = created('four-souls', [...cards(null, at('monster-slot', undefined, 1), ['Gaper']), ...cards('p1', 'play', ['Isaac'])]);
  const state = evolve(emptyMatch, fs);

  it('TriggerAdded.targets must name known cards (UNKNOWN_CARD at data.targets[i])', () => {
    const ok = trigger('t1', 'p1', 'p1-play-0', { targets: ['shared-monster-slot1-0'] });
    expect(validate(state, ok)).toEqual({ ok: true });
    const bad = trigger('t1', 'p1', 'p1-play-0', { targets: ['shared-monster-slot1-0', 'nope'] });
    expect(validate(state, bad)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CARD', path: 'data.targets[1]' } });
    expect(validate(state, trigger('t1', 'p1', 'p1-play-0', { targets: 'x' }))).toMatchObject({ ok: false, error: { code: 'MALFORMED_EVENT', path: 'data.targets' } });
  });

  it('an audience observes the targets as seen cards, never by card id', () => {
    const lens = { match: state, perception: firstPerception(state, 'p2') };
    const { observation } = observe(lens, trigger('t1', 'p1', 'p1-play-0', { targets: ['shared-monster-slot1-0'] }));
    expect(observation).toMatchObject({ type: 'TriggerAdded', targets: [{ definition: 'Gaper' }] });
    expect(JSON.stringify(observation)).not.toContain('shared-monster-slot1-0');
  });

  it('CardMoved.characteristic must be a string', () => {
    const ga = evolve(emptyMatch, created('grand-archive', cards('p1', 'hand', ['Cosmic Bolt'])));
    const shuffleIn = (characteristic: unknown) => move('p1-hand-0', at('hand', 'p1'), at('main-deck', 'p1'), { characteristic } as object);
    expect(validate(ga, shuffleIn('Cosmic Bolt'))).toEqual({ ok: true });
    expect(validate(ga, shuffleIn(7))).toMatchObject({ ok: false, error: { code: 'MALFORMED_EVENT', path: 'data.characteristic' } });
  });
});

import { auditMatch, checkDeliveries } from '@matchlog/audit';
import { readFileSync } from 'fs';
import { join } from 'path';
import { AudienceView, JudgeView, MatchCreated, MatchEvent, Move, PUBLIC, Replay, emptyMatch, judgeView, validateBatch, zoneKey } from '@matchlog/domain';

/**
 * examples/<game>/{match,events}.json are request bodies for the REST API (POST /matches and
 * POST /matches/:id/events). This keeps them valid and checks that each shows the hidden-information
 * behaviour examples/README.md says it shows.
 */

interface Body {
  readonly expectedRevision: number;
  readonly events: readonly { readonly type: string; readonly data: unknown; readonly [field: string]: unknown }[];
}

const games = ['lorcana', 'four-souls', 'grand-archive'] as const;
type Game = (typeof games)[number];

const load = (game: Game) => {
  const dir = join(__dirname, '..', 'examples', game);
  const match = JSON.parse(readFileSync(join(dir, 'match.json'), 'utf8')) as MatchCreated;
  const body = JSON.parse(readFileSync(join(dir, 'events.json'), 'utf8')) as Body;
  const events = [{ id: 'ex-0', type: 'MatchCreated', data: match }, ...body.events.map((event, i) => ({ id: `ex-${i + 1}`, type: event.type, data: event.data }))] as MatchEvent[];
  const id = (definition: string): string => {
    const found = match.cards.filter((card) => card.definition === definition);
    if (found.length !== 1) throw new Error(`${game}: expected one "${definition}", found ${found.length}`);
    return found[0].cardId;
  };
  return { match, body, events, replay: new Replay(events), id };
};

const examples = Object.fromEntries(games.map((game) => [game, load(game)])) as Record<Game, ReturnType<typeof load>>;

const audiences = ['p1', 'p2', PUBLIC] as const;
const view = (replay: Replay, audience: string, revision?: number) => replay.viewAt(audience, revision) as AudienceView;
const judge = (replay: Replay, revision?: number) => replay.viewAt('judge', revision) as JudgeView;
/** Definitions of a zone's cards as the audience sees them, '?' where it cannot identify the card. */
const defs = (v: AudienceView | JudgeView, key: string): string[] => v.zones[key].cards.map((card) => card.definition ?? '?');
const sorted = (values: readonly string[]) => [...values].sort();

/** The revision the first event matching `pick` brings the match to (the MatchCreated is revision 1). */
const after = (events: readonly MatchEvent[], pick: (event: MatchEvent) => boolean): number => {
  const index = events.findIndex(pick);
  if (index < 0) throw new Error('no such event in the example');
  return index + 1;
};
const movesOf = (event: MatchEvent): readonly Move[] => (event.type === 'CardMoved' ? [event.data] : event.type === 'CardsMoved' ? event.data.moves : []);
const triggerAdded = (triggerId: string) => (e: MatchEvent) => e.type === 'TriggerAdded' && e.data.triggerId === triggerId;
const triggerResolved = (triggerId: string) => (e: MatchEvent) => e.type === 'TriggerResolved' && e.data.triggerId === triggerId;

/** Every string anywhere in a JSON value, keys included. */
const strings = (value: unknown, into: string[] = []): string[] => {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) value.forEach((item) => strings(item, into));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      strings(item, into);
    }
  }
  return into;
};

const decks = new Set(['deck', 'main-deck', 'loot-deck', 'treasure-deck', 'monster-deck', 'room-deck']);

describe.each(games)('examples/%s', (game) => {
  const { match, body, events, replay } = examples[game];

  it('audits clean: no rule finding, no shuffle mismatch, and its own observations and views leak nothing (self-audit)', () => {
    expect(auditMatch(examples[game].events)).toEqual([]);
  });

  it('the orders MatchEnded discloses are declassified from then on for the players (a leak one revision before), never for spectators without publicDeckLists', () => {
    const { events } = examples[game];
    const end = events.findIndex((e) => e.type === 'MatchEnded') + 1;
    const shuffle = events.find((e) => e.type === 'ZoneShuffled');
    if (!shuffle || shuffle.type !== 'ZoneShuffled') return;
    const created = events[0].type === 'MatchCreated' ? events[0].data.cards : [];
    const order = shuffle.data.order ?? [];
    const hidden = created.find((card) => card.cardId === order[order.length - 1])!.definition;
    const payload = { overlay: `deck bottom was ${hidden}` };
    // a player other than the deck's owner: the disclosure is what lets it name the card
    const player = match.players.map((p) => p.id).find((id) => id !== shuffle.data.zone.player)!;
    expect(checkDeliveries(events, [{ audience: player, revision: end, payload }])).toEqual([]);
    expect(
      checkDeliveries(events, [{ audience: player, revision: end - 1, payload }]).length + checkDeliveries(events, [{ audience: player, revision: 1, payload }]).length,
    ).toBeGreaterThan(0);
    expect(checkDeliveries(events, [{ audience: PUBLIC, revision: end, payload }]).length).toBeGreaterThan(0);
  });
  const cardIds = new Set(match.cards.map((card) => card.cardId));

  it('is a POST /matches/:id/events body: expectedRevision 1, 20 to 60 events, no ids and no meta', () => {
    expect(body.expectedRevision).toBe(1);
    expect(body.events.length).toBeGreaterThanOrEqual(20);
    expect(body.events.length).toBeLessThanOrEqual(60);
    expect(body.events.filter((event) => 'id' in event || 'meta' in event)).toEqual([]);
    expect(match.game).toBe(game);
    expect(match.players.map((player) => player.id)).toEqual(['p1', 'p2']);
    expect(match.cards.filter((card) => !/^c\d{2}$/.test(card.cardId))).toEqual([]);
  });

  it('is accepted by validateBatch from the empty match, and ends the match', () => {
    const verdict = validateBatch(emptyMatch, events);
    expect(verdict.ok ? 'accepted' : verdict.error).toBe('accepted');
    if (!verdict.ok) return;
    expect(verdict.state.revision).toBe(body.events.length + 1);
    expect(verdict.state.ended).toEqual({ winner: expect.any(String), reason: expect.any(String) });
    expect(judgeView(verdict.state)).toEqual(judge(replay));
  });

  it('draws only from the top of a deck (a move out of a deck with no effect as its source)', () => {
    events.forEach((event, index) => {
      const drawn = new Map<string, number>();
      for (const move of movesOf(event)) {
        if (!decks.has(move.from.zone) || move.source !== undefined) continue;
        const key = zoneKey(move.from);
        const k = drawn.get(key) ?? 0;
        drawn.set(key, k + 1);
        expect({ event: index, card: move.cardId }).toEqual({ event: index, card: judge(replay, index).zones[key].cards[k].cardId });
      }
    });
  });

  it('never shows a card id to a player or a spectator, in any observation or in the final view; the judge sees them', () => {
    // inside free text too (reason, ability, criteria...): those reach every audience as they are
    const anyId = new RegExp(`\\b(${[...cardIds].join('|')})\\b`);
    for (const audience of audiences) {
      const seen = [...strings(replay.observations(audience)), ...strings(view(replay, audience))];
      expect(seen.filter((s) => anyId.test(s))).toEqual([]);
    }
    expect(strings(judge(replay)).filter((s) => cardIds.has(s)).length).toBe(cardIds.size);
  });

  it("keeps p1's hand (and memory) from p2 and spectators to the end; p1 and the judge know it", () => {
    const end = judge(replay);
    const hand = defs(end, 'hand@p1');
    expect(hand.length).toBeGreaterThanOrEqual(2);
    expect(sorted(defs(view(replay, 'p1'), 'hand@p1'))).toEqual(sorted(hand));
    // definitions no other card of the match shares: nobody else may have any way to know them
    const unique = hand.filter((definition) => match.cards.filter((card) => card.definition === definition).length === 1);
    expect(unique).toEqual(hand);
    for (const audience of ['p2', PUBLIC]) {
      const final = view(replay, audience);
      expect(final.zones['hand@p1'].count).toBe(hand.length);
      expect(defs(final, 'hand@p1')).toEqual(hand.map(() => '?'));
      // once the match has ended, MatchEnded discloses every shuffle's order and salt to the players (the
      // fair-shuffle check): that declassification is by design, so it is left out here for p2; spectators get none
      const duringMatch = replay
        .observations(audience)
        .map(({ observation }) => (observation.type === 'MatchEnded' && audience !== PUBLIC ? { ...observation, shuffles: undefined } : observation));
      const everything = [...strings(duringMatch), ...strings(final)];
      expect(everything.filter((s) => hand.some((definition) => s.includes(definition)))).toEqual([]);
      if (final.zones['memory@p1']) expect(defs(final, 'memory@p1').filter((d) => d !== '?')).toEqual([]);
    }
  });

  it('ends with the same result for every audience', () => {
    const ended = judge(replay).ended;
    for (const audience of audiences) expect(view(replay, audience).ended).toEqual(ended);
  });
});

describe('examples/lorcana', () => {
  const { events, replay, id } = examples.lorcana;

  it('7.5.2, 7.5.4: the inked card is face down and unknown to everyone, its owner included', () => {
    for (const audience of audiences) {
      const inkwell = view(replay, audience).zones['inkwell@p1'];
      expect(inkwell.count).toBe(1);
      expect(defs(view(replay, audience), 'inkwell@p1')).toEqual(['?']);
    }
    expect(judge(replay).zones['inkwell@p1'].cards).toEqual([expect.objectContaining({ definition: 'Hades - King of Olympus', faceDown: true })]);
  });

  it("Yzma's quest trigger looks at the top card: only p1 learns it (7.1.3, 7.2.2)", () => {
    const quest = after(events, triggerAdded('bag-1'));
    expect(view(replay, 'p1', quest).queue).toMatchObject({ discipline: 'bag', nextChooser: 'p1', items: [{ triggerId: 'bag-1' }] });
    const looked = after(events, (e) => e.type === 'CardsLookedAt');
    expect(defs(view(replay, 'p1', looked - 1), 'deck@p1')[0]).toBe('?');
    expect(defs(view(replay, 'p1', looked), 'deck@p1')[0]).toBe('Kuzco - Wanted Llama');
    for (const audience of ['p2', PUBLIC]) expect(defs(view(replay, audience, looked), 'deck@p1')[0]).toBe('?');
    expect(view(replay, 'p1', after(events, triggerResolved('bag-1'))).queue.items).toEqual([]);
  });

  it('Mother Knows Best: a character returned from play to hand stays known to everyone who saw it', () => {
    const returned = after(events, (e) => movesOf(e).some((m) => m.cardId === id('Hei Hei - Boat Snack') && m.from.zone === 'play' && m.to.zone === 'hand'));
    for (const audience of ['p1', PUBLIC]) {
      expect(defs(view(replay, audience, returned), 'hand@p2').filter((d) => d !== '?')).toEqual(['Hei Hei - Boat Snack']);
      expect(defs(view(replay, audience, returned - 1), 'hand@p2').filter((d) => d !== '?')).toEqual([]);
    }
  });

  it("7.2.3 Under the Sea: the face-up characters on the bottom of p1's deck are known to all, in their order", () => {
    const underTheSea = after(events, (e) => e.type === 'CardsMoved' && e.data.moves.some((m) => m.to.zone === 'deck'));
    for (const revision of [underTheSea, replay.revision]) {
      for (const audience of audiences) {
        const deck = defs(view(replay, audience, revision), 'deck@p1');
        expect(deck.slice(-2)).toEqual(['Yzma - Alchemist', 'Ariel - On Human Legs']);
        if (audience !== 'p1') expect(deck.slice(0, -2).every((d) => d === '?')).toBe(true);
      }
    }
    expect(
      view(replay, 'p2', underTheSea)
        .zones['deck@p1'].cards.slice(-2)
        .every((card) => card.faceDown === undefined && card.exerted === undefined),
    ).toBe(true);
  });

  describe('7.4.3, 7.1.6.1, 7.7.4: Be Prepared banishes Lyle with two of his allies, and Kuzco', () => {
    const added = () => after(events, triggerAdded('bag-4'));
    const effectDone = () => after(events, (e) => e.type === 'EffectResolved');
    const kuzcoDone = () => after(events, triggerResolved('bag-2'));
    const firstLyleDone = () => after(events, triggerResolved('bag-3'));
    const empty = () => after(events, triggerResolved('bag-4'));
    const everyone = [...audiences, 'judge'];
    const queueOf = (audience: string, revision: number) => (audience === 'judge' ? judge(replay, revision).queue! : view(replay, audience, revision).queue);

    it('the characters leave play in one event; Lyle triggers once per other banished character of his player', () => {
      const banish = events[after(events, (e) => e.type === 'CardsMoved' && e.data.moves.length === 4) - 1];
      expect(movesOf(banish).map((m) => m.to.zone)).toEqual(['discard', 'discard', 'discard', 'discard']);
      const lyle = judge(replay, added()).queue!.items.filter((item) => item.source?.definition === 'Lyle Tiberius Rourke - Cunning Mercenary');
      expect(lyle.map((item) => item.player)).toEqual(['p2', 'p2']);
      // the source is public (p2's discard): every audience sees which card triggered
      expect(view(replay, PUBLIC, added()).queue.items.map((item) => item.source?.definition)).toEqual([
        'Kuzco - Wanted Llama',
        'Lyle Tiberius Rourke - Cunning Mercenary',
        'Lyle Tiberius Rourke - Cunning Mercenary',
      ]);
    });

    it("while the action's effect resolves, no bag ability may be chosen (7.1.6.1); then the active player chooses first (7.7.4.2)", () => {
      for (const audience of everyone) {
        expect(queueOf(audience, added())).toMatchObject({ waitingForAction: true, nextChooser: 'p1' });
        expect(queueOf(audience, added()).items).toHaveLength(3);
        expect(queueOf(audience, effectDone())).toMatchObject({ waitingForAction: false, nextChooser: 'p1' });
      }
    });

    it('the bag passes to p2 once p1 has none left (7.7.4.4), stays with p2 while p2 has some (7.7.4.3), and empties (7.7.4.5)', () => {
      for (const audience of everyone) {
        expect(queueOf(audience, kuzcoDone())).toMatchObject({ nextChooser: 'p2', resolvingPlayer: 'p2' });
        expect(queueOf(audience, firstLyleDone())).toMatchObject({ nextChooser: 'p2', resolvingPlayer: 'p2' });
        expect(queueOf(audience, empty())).toMatchObject({ nextChooser: null, items: [] });
      }
    });

    it("Kuzco's draw is known to p1 only", () => {
      const draw = after(events, (e) => movesOf(e).some((m) => m.source === id('Kuzco - Wanted Llama')));
      expect(defs(view(replay, 'p1', draw), 'hand@p1')).toContain('Stitch - Rock Star');
      expect(defs(view(replay, 'p2', draw), 'hand@p1')).not.toContain('Stitch - Rock Star');
    });
  });
});

describe('examples/four-souls', () => {
  const { events, replay, id } = examples['four-souls'];

  it('shared decks and slots belong to nobody; slot cards are public', () => {
    expect(examples['four-souls'].match.cards.filter((card) => card.zone.zone.endsWith('-deck') && card.owner !== null)).toEqual([]);
    for (const audience of audiences) {
      const start = view(replay, audience, 1);
      expect(defs(start, 'shop-slot#2')).toEqual(['Lucky Foot']);
      expect(defs(start, 'monster-slot#1')).toEqual(['Fatty']);
      expect(defs(start, 'loot-deck').every((d) => d === '?')).toBe(true);
    }
  });

  it('loot on the stack resolves last in, first out: the response first', () => {
    const answered = after(events, triggerAdded('stack-2'));
    for (const audience of audiences) {
      const v = view(replay, audience, answered);
      expect(v.queue).toMatchObject({ discipline: 'stack', next: 'stack-2', nextChooser: 'p2' });
      expect(v.queue.items.map((item) => item.kind)).toEqual(['loot', 'loot']);
      expect(defs(v, 'stack')).toEqual(['Soul Heart', 'Bomb!']);
      expect(view(replay, audience, after(events, triggerResolved('stack-2'))).queue).toMatchObject({ next: 'stack-1', nextChooser: 'p1' });
    }
    expect(after(events, triggerResolved('stack-2'))).toBeLessThan(after(events, triggerResolved('stack-1')));
  });

  it('a monster covered by the attacked monster-deck card, then uncovered as a new object ("Covered in a Slot", "Game Zones")', () => {
    const covered = after(events, (e) => movesOf(e).some((m) => m.to.zone === 'covered'));
    const uncovered = after(events, (e) => movesOf(e).some((m) => m.from.zone === 'covered'));
    for (const audience of audiences) {
      expect(defs(view(replay, audience, covered), 'covered')).toEqual(['Fatty']);
      expect(defs(view(replay, audience, covered), 'monster-slot#1')).toEqual(['Pooter']);
      expect(view(replay, audience, uncovered).zones['covered'].count).toBe(0);
      expect(defs(view(replay, audience, uncovered), 'monster-slot#1')).toEqual(['Fatty']);
    }
    const fatty = judge(replay, uncovered).zones['monster-slot#1'].cards[0];
    expect(fatty).toMatchObject({ cardId: id('Fatty'), object: 2 });
  });

  it('the empty loot deck is replaced at once by its shuffled discard ("Decks"), which is emptied', () => {
    const refill = after(events, (e) => e.type === 'ZoneShuffled');
    for (const audience of audiences) {
      const before = view(replay, audience, refill - 1);
      expect(before.zones['loot-deck'].count).toBe(0);
      expect(sorted(defs(before, 'loot-discard'))).toEqual(['Bomb!', 'Soul Heart']);
      const now = view(replay, audience, refill);
      expect(now.zones['loot-discard'].count).toBe(0);
      expect(defs(now, 'loot-deck')).toEqual(['?', '?']);
      expect(replay.observations(audience, refill - 1, refill)[0].observation).toMatchObject({ type: 'ZoneShuffled', refilledFrom: { zone: 'loot-discard' } });
    }
    expect(sorted(defs(judge(replay, refill), 'loot-deck'))).toEqual(['Bomb!', 'Soul Heart']);
    expect(judge(replay, refill).zones['loot-deck'].cards.every((card) => card.faceDown)).toBe(true);
  });
});

describe('examples/grand-archive', () => {
  const { events, replay, id } = examples['grand-archive'];
  const faceDownSet = () => after(events, (e) => movesOf(e).some((m) => m.faceDown === true && m.to.zone === 'field'));
  const controlChanged = () => after(events, (e) => e.type === 'ControlChanged');

  it('a card put face down on the field: its controller may look at it, nobody else may', () => {
    const set = faceDownSet();
    expect(view(replay, 'p1', set).zones['field@p1'].cards).toContainEqual(expect.objectContaining({ definition: 'Sudden Steel', faceDown: true }));
    for (const audience of ['p2', PUBLIC]) {
      const field = view(replay, audience, set).zones['field@p1'].cards;
      expect(field.filter((card) => card.faceDown)).toEqual([{ handle: expect.any(String), faceDown: true }]);
    }
  });

  it('a face-down card whose control changes can be looked at by its new controller, still not by spectators', () => {
    const changed = controlChanged();
    expect(defs(view(replay, 'p2', changed - 1), 'field@p1')).not.toContain('Sudden Steel');
    expect(view(replay, 'p2', changed).zones['field@p1'].cards).toContainEqual(expect.objectContaining({ definition: 'Sudden Steel', faceDown: true, controller: 'p2' }));
    expect(view(replay, PUBLIC, changed).zones['field@p1'].cards).toContainEqual({ handle: expect.any(String), faceDown: true, controller: 'p2' });
    expect(judge(replay).zones['field@p1'].cards).toContainEqual(expect.objectContaining({ cardId: id('Sudden Steel'), owner: 'p1', controller: 'p2' }));
  });

  it('a card banished face down from the main deck is unknown to everyone, its owner included', () => {
    for (const audience of audiences) {
      expect(view(replay, audience).zones['banishment@p1'].cards).toEqual([{ handle: expect.any(String), faceDown: true }]);
    }
    expect(defs(judge(replay), 'banishment@p1')).toEqual(['Three Visits']);
  });

  it('a searched card is revealed before it enters the hand, so everyone knows it is there', () => {
    const revealed = after(events, (e) => e.type === 'CardsRevealed');
    const intoHand = after(events, (e) => movesOf(e).some((m) => m.cardId === id('Smoke Bomb') && m.to.zone === 'hand'));
    expect(revealed).toBeLessThan(intoHand);
    for (const audience of ['p1', PUBLIC]) {
      expect(defs(view(replay, audience, revealed - 1), 'main-deck@p2')).not.toContain('Smoke Bomb');
      expect(defs(view(replay, audience, intoHand), 'hand@p2').filter((d) => d !== '?')).toEqual(['Smoke Bomb']);
    }
  });

  it('the effects stack resolves last in, first out', () => {
    const answered = after(events, triggerAdded('stack-3'));
    for (const audience of audiences) {
      const v = view(replay, audience, answered);
      expect(v.queue).toMatchObject({ discipline: 'stack', next: 'stack-3', nextChooser: 'p2' });
      expect(defs(v, 'effects-stack')).toEqual(['Smoke Bomb', 'Brushfire']);
      expect(view(replay, audience, after(events, triggerResolved('stack-3'))).queue).toMatchObject({ next: 'stack-2', nextChooser: 'p1' });
    }
  });
});

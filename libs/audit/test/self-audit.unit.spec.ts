import { GameId, MatchEvent, Observation, evolveView, stepSeat } from '@matchlog/domain';
import fc from 'fast-check';
import { event, move } from '@matchlog/testkit';
import { foldValid } from '../../domain/test/support/given';
import { randomMatch } from '@matchlog/testkit';
import { lorcanaTable, lorcanaTableWithBroadcast, p1Deck, p1Hand, p1Play } from '../../domain/test/support/tables';
import { SeatStep, selfAudit } from '../src/self-audit';

const games: GameId[] = ['lorcana', 'four-souls', 'grand-archive'];
const valid = (...events: MatchEvent[]) => {
  foldValid(events);
  return events;
};

/** A planted fault: p2's seat is told the definition of every card p1 draws (a draw leaking to the opponent). */
const leakingDraws: SeatStep = (seat, e) => {
  const stepped = stepSeat(seat, e);
  if (seat.perception.audience !== 'p2' || e.type !== 'CardMoved' || e.data.to.zone !== 'hand' || e.data.to.player !== 'p1') return stepped;
  const card = stepped.seat.match.cards[stepped.seat.match.layout!.cardIndex.get(e.data.cardId)!];
  const o = stepped.observation as Extract<Observation, { type: 'CardMoved' }>;
  const observation: Observation = { ...o, move: { ...o.move, card: { ...o.move.card, definition: card.definition ?? undefined } } };
  return { seat: { ...stepped.seat, view: evolveView(seat.view, observation) }, observation };
};

describe('self-audit: the match re-checks its own observations and views against the ledger', () => {
  it.each(games)('%s: comes back clean for generated matches (every audience, every observation, the view at every revision)', (game) => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 160 }), (choices) => {
        const events = randomMatch(game, choices);
        expect(selfAudit(events)).toEqual([]);
      }),
      { numRuns: 70 },
    );
  });

  it('7.4.2.1: a pending ability keeps no name for its source once that card is turned face down in play', () => {
    const events = valid(
      lorcanaTable(),
      move('p1-hand-1', p1Hand, p1Play),
      event('TriggerAdded', { triggerId: 't1', player: 'p1', sourceCardId: 'p1-hand-1', ability: 'When played' }),
      event('CardStatusChanged', { cardId: 'p1-hand-1', faceDown: true }),
    );
    expect(selfAudit(events)).toEqual([]);
  });

  it("must be able to fail: a seat that leaks p1's draws to p2 is caught, in its observation and in its view (English)", () => {
    const draw = move('p1-deck-0', p1Deck, p1Hand);
    const events = valid(lorcanaTable(), move('p1-hand-1', p1Hand, p1Play), draw);
    expect(selfAudit(events)).toEqual([]);
    const findings = selfAudit(events, { step: leakingDraws });
    expect(findings).toEqual([
      {
        revision: 3,
        eventId: draw.id,
        code: 'SELF_AUDIT_LEAK',
        rule: 'matchlog self-audit',
        severity: 'violation',
        title: 'Hidden information leaked',
        players: ['p2'],
        message:
          'Self-audit: the observation of p2 at revision 3 holds the definition "Ariel - On Human Legs" at $.move.card.definition (card p1-deck-0), which it could not know then.',
      },
      {
        revision: 3,
        eventId: draw.id,
        code: 'SELF_AUDIT_LEAK',
        rule: 'matchlog self-audit',
        severity: 'violation',
        title: 'Hidden information leaked',
        players: ['p2'],
        message:
          'Self-audit: the view of p2 at revision 3 holds the definition "Ariel - On Human Legs" at $.zones[\'hand@p1\'].cards[2].definition (card p1-deck-0), which it could not know then.',
      },
    ]);
  });

  it('must be able to fail: the same planted leak, in Spanish', () => {
    const events = valid(lorcanaTable(), move('p1-deck-0', p1Deck, p1Hand));
    const [first] = selfAudit(events, { step: leakingDraws, language: 'es' });
    expect(first.message).toBe(
      'Autoauditoría: La observación de p2 en la revisión 2 contiene la definición "Ariel - On Human Legs" en $.move.card.definition (carta p1-deck-0), que no podía conocer entonces.',
    );
  });

  it('must be able to fail: a view that keeps a definition through a shuffle is caught at the shuffle, though that zone alone changed', () => {
    const look = event('CardsLookedAt', { player: 'p1', cardIds: ['p1-deck-0'] });
    const shuffle = event('ZoneShuffled', { zone: p1Deck, order: ['p1-deck-1', 'p1-deck-0', 'p1-deck-2', 'p1-deck-3'] });
    const events = valid(lorcanaTableWithBroadcast(), look, event('TurnStarted', { player: 'p1', turn: 1 }), shuffle);
    // planted: p1's seat ignores the shuffle's observation, so its view still names Ariel on top
    const ignoresShuffles: SeatStep = (seat, e) => {
      const stepped = stepSeat(seat, e);
      return e.type === 'ZoneShuffled' ? { seat: { ...stepped.seat, view: { ...seat.view, revision: seat.view.revision + 1 } }, observation: stepped.observation } : stepped;
    };
    const findings = selfAudit(events, { step: ignoresShuffles });
    expect(findings.map((f) => [f.revision, f.players, f.message.match(/ at (\$\S+)/)![1]])).toEqual([
      [4, ['p1'], "$.zones['deck@p1'].cards[0].definition"],
      // the broadcast knew the card through p1, so the same faulty fold leaks it there too
      [4, ['broadcast'], "$.zones['deck@p1'].cards[0].definition"],
    ]);
  });
});

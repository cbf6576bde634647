import { BROADCAST, MatchEvent, PUBLIC } from '@matchlog/domain';
import { event, move } from '@matchlog/testkit';
import { foldValid } from '../../domain/test/support/given';
import { lorcanaTable, lorcanaTableWithBroadcast, p1Deck, p1Hand } from '../../domain/test/support/tables';
import { checkDeliveries } from '../src/deliveries/check-deliveries';
import { knowledgeLedger } from '../src/knowledge/ledger';
import { knowledgeAt } from '../src/knowledge/report';

const valid = (...events: MatchEvent[]) => {
  foldValid(events);
  return events;
};

// 2: p1 drew Ariel; 3: p2 looked at the top of its deck (Maleficent)
const events = valid(lorcanaTableWithBroadcast(), move('p1-deck-0', p1Deck, p1Hand), event('CardsLookedAt', { player: 'p2', cardIds: ['p2-deck-0'] }));

describe('the knowledge ledger and the leak check know the broadcast audience', () => {
  it('the ledger folds it: it learns each hand and each look as the player does', () => {
    const ledger = knowledgeLedger(events);
    expect(ledger.audiences).toEqual(['p1', 'p2', PUBLIC, BROADCAST]);
    // audiencesOf, the one list: a match that asks for no broadcast has no broadcast audience to know anything
    expect(knowledgeLedger([lorcanaTable(), ...events.slice(1)]).audiences).toEqual(['p1', 'p2', PUBLIC]);
    expect(knowledgeAt([lorcanaTable(), ...events.slice(1)], 3).audiences).toEqual(['p1', 'p2', PUBLIC]);
    const learned = (cardId: string) => ledger.intervals.filter((i) => i.audience === BROADCAST && i.cardId === cardId).map((i) => [i.learned.revision, i.learned.how]);
    expect(learned('p2-hand-0')).toEqual([[1, 'own-zone']]);
    expect(learned('p1-deck-0')).toEqual([[2, 'drew']]);
    expect(learned('p2-deck-0')).toEqual([[3, 'looked-at']]);
    expect(knowledgeAt(events, 3, ledger).decks.find((d) => d.zone === 'deck@p2')!.knownPositions).toMatchObject({ p1: [], p2: [0], broadcast: [0] });
  });

  it('a broadcast overlay that shows both hands and the card p2 looked at is clean; one naming a deck card nobody saw leaks it', () => {
    const overlay = { p1: ['Be Prepared', 'Ariel - On Human Legs'], p2: ['Moana - Of Motunui', 'Simba - Future King'], p2Top: 'Maleficent - Monstrous Dragon' };
    expect(checkDeliveries(events, [{ audience: BROADCAST, revision: 3, payload: overlay }])).toEqual([]);
    const leaks = checkDeliveries(events, [
      { audience: BROADCAST, revision: 2, payload: overlay },
      { audience: BROADCAST, revision: 3, payload: { p1Next: 'Stitch - Rock Star' } },
    ]);
    expect(leaks.map((l) => [l.delivery, l.path, l.cardId])).toEqual([
      [0, '$.p2Top', 'p2-deck-0'],
      [1, '$.p1Next', 'p1-deck-1'],
    ]);
  });

  it('the same overlay sent to spectators leaks every hand card', () => {
    const leaks = checkDeliveries(events, [{ audience: PUBLIC, revision: 3, payload: { p2: ['Moana - Of Motunui'] } }]);
    expect(leaks.map((l) => l.cardId)).toEqual(['p2-hand-0']);
  });
});

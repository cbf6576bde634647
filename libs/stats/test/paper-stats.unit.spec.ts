import { MatchEvent, PUBLIC, StartingCard } from '@matchlog/domain';
import { factsOf, readingOf } from '@matchlog/stats';
import { at, event, move } from '@matchlog/testkit';

const list = [
  { definition: 'Elsa - Snow Queen', copies: 2, printed: { type: 'Character', lore: 1 } },
  { definition: 'Be Prepared', copies: 6, printed: { type: 'Action' } },
];
const deck = (player: string): StartingCard[] => Array.from({ length: 8 }, (_, i) => ({ cardId: `${player}-${i + 1}`, owner: player, zone: at('deck', player) }));
const opening = (player: string) =>
  event('CardsMoved', { moves: Array.from({ length: 7 }, (_, i) => ({ cardId: `${player}-${i + 1}`, from: at('deck', player), to: at('hand', player) })) });

/** A paper match with public deck lists: hands drawn unseen, one Elsa named as it is played, p1 wins. */
const paper: MatchEvent[] = [
  event('MatchCreated', {
    game: 'lorcana',
    players: [{ id: 'p1' }, { id: 'p2' }],
    cards: [...deck('p1'), ...deck('p2')],
    lists: ['p1', 'p2'].map((player) => ({ player, cards: list })),
    publicDeckLists: true,
  }),
  event('ZoneShuffled', { zone: at('deck', 'p1') }),
  event('ZoneShuffled', { zone: at('deck', 'p2') }),
  opening('p1'),
  opening('p2'),
  event('TurnStarted', { player: 'p1', turn: 1 }),
  move('p1-7', at('hand', 'p1'), at('play', 'p1'), { definition: 'Elsa - Snow Queen' }),
  move('p1-8', at('deck', 'p1'), at('hand', 'p1')),
  event('MatchEnded', { winner: 'p1', reason: 'p2 conceded' }),
];

describe('statistics of a paper match: a card nobody saw is unknown to every audience', () => {
  it.each(['p1', 'p2', PUBLIC])('%s reads only the card that was shown: no hand, no deck list, no unnamed card', (audience) => {
    const reading = readingOf(paper, audience, factsOf('lorcana'));
    const p1 = reading.seats.find((seat) => seat.player === 'p1')!;
    expect(Object.keys(p1.cards)).toEqual(['Elsa - Snow Queen']);
    expect(p1.deck).toBeUndefined();
    for (const seat of reading.seats) if (seat.hand) expect([...seat.hand.initial, ...seat.hand.opening, ...seat.hand.drawn]).toEqual([]);
    expect(JSON.stringify(reading)).not.toContain('Be Prepared');
  });
});

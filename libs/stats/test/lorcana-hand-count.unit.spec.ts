import { EventOf, PUBLIC } from '@matchlog/domain';
import { CardLine, factsOf, readingOf } from '@matchlog/stats';
import { RawReplay, importedReplay } from './support/imported';

type Count = Omit<CardLine, 'firstTurn'> & { firstTurn: number | null };

/**
 * Every figure of a match counted by hand from the replay file's own logs (FORMAT.md §3 "Log entry types"), not from
 * matchlog's events: playCard and singCard (a song is played by singing, its log is singCard), quest, challenge
 * (banished: the defender, and the attacker when it fell too), outcomes.cardsBanished. The seats are the file's
 * playerIds in order; a card's owner is cardsMaps.owners.
 */
const handCount = (raw: RawReplay, definitionOf: (instance: string) => string): Map<string, Count> => {
  const seatOf = new Map(raw.playerIds.flatMap((player, i) => raw.cardsMaps.owners[player].map((card) => [card, `p${i + 1}`] as const)));
  const counts = new Map<string, Count>();
  const count = (card: string): Count => {
    const key = `${seatOf.get(card)} ${definitionOf(card)}`;
    let c = counts.get(key);
    if (c === undefined) counts.set(key, (c = { copiesPlayed: 0, firstTurn: null, quests: 0, lore: 0, challenges: 0, banishes: 0, banished: 0, songsSung: 0, sang: 0 }));
    return c;
  };
  for (const step of raw.steps) {
    for (const log of step.logs) {
      if (log.type === 'playCard' || log.type === 'singCard') {
        const c = count(log.cardId!);
        c.copiesPlayed++;
        c.firstTurn ??= step.acceptedMove.turnNumber;
      }
      if (log.type === 'singCard') {
        count(log.cardId!).songsSung++;
        for (const singer of log.singerIds!) count(singer).sang++;
      }
      if (log.type === 'quest') {
        count(log.cardId!).quests++;
        count(log.cardId!).lore += log.loreGained!;
      }
      if (log.type === 'questWithAll') throw new Error('questWithAll splits its lore in no log: pick a replay without it');
      if (log.type === 'challenge') {
        count(log.attackerId!).challenges++;
        count(log.attackerId!).banishes += log.banished!.filter((card) => card !== log.attackerId).length;
      }
      for (const card of log.outcomes?.cardsBanished ?? []) count(card).banished++;
    }
  }
  return counts;
};

describe('every figure of an imported replay against a hand count of its file', () => {
  it.each(['01-', 'r01-'])('%s: what the public reads of each card of each seat is what the logs say it did', (prefix) => {
    const replay = importedReplay(prefix);
    const cards = new Map((replay.events[0] as EventOf<'MatchCreated'>).data.cards.map((card) => [card.cardId, card.definition!]));
    const expected = Object.fromEntries([...handCount(replay.raw, (instance) => cards.get(`card-${instance}`)!)].sort(([a], [b]) => (a < b ? -1 : 1)));
    const reading = readingOf(replay.events, PUBLIC, factsOf('lorcana'));
    const read = Object.fromEntries(
      reading.seats.flatMap((seat) => Object.entries(seat.cards).map(([definition, line]) => [`${seat.player} ${definition}`, line])).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    expect(read).toEqual(expected);
    // the result: the file's winner, by seat
    const winner = `p${replay.raw.playerIds.indexOf(replay.raw.metadata.winnerId!) + 1}`;
    expect(reading.seats.map((seat) => [seat.player, seat.won])).toEqual(['p1', 'p2'].map((p) => [p, p === winner ? 1 : 0]));
  });
});

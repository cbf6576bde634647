import { EventDataByType, EventType, MatchEvent, PUBLIC } from '@matchlog/domain';
import { convertTcgOnlineReplay, importedEvents } from '@matchlog/matches';
import { MatchReading, cardTable, deckTable, factsOf, handFigures, matchups, ownGames, readingOf } from '@matchlog/stats';
import { tcgOnlineGeneratedSamples, tcgOnlineSamples } from '@matchlog/testkit';

/** The engine-made replays as matches, with public deck lists so every figure has something to count. */
const matches = [...tcgOnlineSamples(), ...tcgOnlineGeneratedSamples()].map((sample) => {
  const converted = convertTcgOnlineReplay(sample.json);
  if (!converted.ok) throw new Error(`${sample.name}: ${JSON.stringify(converted)}`);
  let n = 0;
  const stamp = (type: string, data: unknown) => ({ id: `e${++n}`, type, data, meta: { recordedBy: 'organizer', recordedAt: converted.createdAt } }) as MatchEvent;
  return [stamp('MatchCreated', { ...converted.created, publicDeckLists: true }), ...importedEvents(converted).map((e) => stamp(e.type, e.data))];
});

const desk = <T extends EventType>(type: T, data: EventDataByType[T]) =>
  ({ id: `desk-${type}-${JSON.stringify(data).length}`, type, data, meta: { recordedBy: 'judge', recordedAt: '2026-11-27T10:00:00.000Z' } }) as MatchEvent;

/** The match with a call, a ruling that penalizes each player, a note and a resolution in the middle, and a late call and ruling after the end. */
const withDesk = (events: readonly MatchEvent[]): MatchEvent[] => {
  const middle = Math.floor(events.length / 2);
  const players = (events[0] as { data: EventDataByType['MatchCreated'] }).data.players.map((p) => p.id);
  const during = [
    desk('JudgeCalled', { callId: 'k1', by: players[0], at: middle, reason: 'a question' }),
    desk('CallClaimed', { callId: 'k1', judge: 'Hugo' }),
    ...players.map((player) =>
      desk('RulingGiven', { rulingId: `r-${player}`, callId: 'k1', player, infraction: 'Drew an extra card', penalty: 'Game Loss', text: 'seen', judge: 'Hugo' }),
    ),
    desk('JudgeNoted', { noteId: 'n1', at: middle, text: 'look here', published: true }),
    desk('CallResolved', { callId: 'k1', judge: 'Hugo' }),
  ];
  const after = [
    desk('JudgeCalled', { callId: 'k2', by: players[1], at: 1, reason: 'after the game' }),
    desk('RulingGiven', { rulingId: 'r-late', player: players[1], infraction: 'Unsporting conduct', penalty: 'Disqualification', judge: 'Hugo' }),
  ];
  return [...events.slice(0, middle), ...during, ...events.slice(middle), ...after];
};

describe('penalties are never in the statistics (issue 36 §3)', () => {
  it.each([PUBLIC, 'p1', 'p2'])('a match with calls, rulings and notes reads byte for byte as the same match without them, for %s', (audience) => {
    const read = (events: readonly MatchEvent[]) => readingOf(events, audience, factsOf('lorcana'));
    const without = matches.map(read);
    const with_ = matches.map((events) => read(withDesk(events)));
    expect(JSON.stringify(with_)).toEqual(JSON.stringify(without));
    const figures = (readings: MatchReading[]) => [cardTable(readings), deckTable(readings), matchups(readings), handFigures(ownGames(readings))];
    expect(JSON.stringify(figures(with_))).toEqual(JSON.stringify(figures(without)));
    expect(JSON.stringify(with_)).not.toMatch(/Game Loss|Disqualification|Hugo|k1|r-p1/);
  });
});

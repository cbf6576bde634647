import { selfAudit } from '@matchlog/audit';
import { EventOf, GameId, MatchEvent, PUBLIC } from '@matchlog/domain';
import { readingOf } from '@matchlog/stats';
import { event, randomMatch } from '@matchlog/testkit';
import fc from 'fast-check';

const ended = (events: MatchEvent[], publicDeckLists: boolean): MatchEvent[] => {
  const created = events[0] as EventOf<'MatchCreated'>;
  return [{ ...created, data: { ...created.data, publicDeckLists } }, ...events.slice(1), event('MatchEnded', { winner: 'p1', reason: 'lore' })];
};

describe("the leak check of delivered payloads covers the statistics: each audience's reading of a match, which every statistics answer adds up", () => {
  it.each<GameId>(['lorcana', 'grand-archive', 'four-souls'])('%s: the self-audit, statistics included, comes back clean for generated matches that end', (game) => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 140 }), fc.boolean(), (choices, open) => {
        expect(selfAudit(ended(randomMatch(game, choices), open))).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });

  it("must be able to fail: a statistics reading that names the judge's deck to the public is caught", () => {
    const events = ended(
      randomMatch(
        'lorcana',
        Array.from({ length: 80 }, (_, i) => (i * 31) % 17),
      ),
      false,
    );
    const created = events[0] as EventOf<'MatchCreated'>;
    const judgesDeck = created.data.cards.filter((c) => c.zone.zone === 'deck').map((c) => c.definition);
    const planted = (list: readonly MatchEvent[], audience: string) => {
      const reading = readingOf(list, audience);
      return audience === PUBLIC ? { ...reading, seats: reading.seats.map((s) => ({ ...s, deck: judgesDeck })) } : reading;
    };
    const findings = selfAudit(events, { statistics: planted });
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((f) => f.players[0] === PUBLIC && f.revision === events.length)).toBe(true);
    expect(findings[0].message).toMatch(
      /^Self-audit: the statistics reading of spectators \(public\) at revision \d+ holds the definition "lor:p\d:deck:card-\d+" at \$\.seats\[0\]\.deck\[\d+\]/,
    );
  });
});

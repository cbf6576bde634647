import { auditMatch } from '@matchlog/audit';
import { readFileSync } from 'fs';
import { join } from 'path';
import { matchResult } from '@matchlog/matches';
import { AudienceView, MatchCreated, MatchEvent, PUBLIC, Replay, emptyMatch, rulesets, validateBatch } from '@matchlog/domain';

/** examples/lorcana-bo3: one best-of-three match, three games; the third ends in a draw under the end-of-match procedure. */
const load = (game: number) => {
  const read = (file: string) => JSON.parse(readFileSync(join(__dirname, '..', 'examples', 'lorcana-bo3', `game-${game}.${file}.json`), 'utf8'));
  const created = read('match') as MatchCreated;
  const { expectedRevision, events } = read('events') as { expectedRevision: number; events: { type: string; data: unknown }[] };
  const all = [{ id: 'g-0', type: 'MatchCreated', data: created }, ...events.map((event, i) => ({ id: `g-${i + 1}`, ...event }))] as MatchEvent[];
  return { created, expectedRevision, events: all, replay: new Replay(all) };
};
const games = [1, 2, 3].map(load);
const ended = (game: number) => (games[game - 1].replay.viewAt(PUBLIC) as AudienceView).ended;

describe('examples/lorcana-bo3', () => {
  it('three valid games of one match: same event, round and table, numbered 1 to 3 of a best of three', () => {
    for (const [i, { created, expectedRevision, events }] of games.entries()) {
      expect(validateBatch(emptyMatch, events)).toMatchObject({ ok: true });
      expect(expectedRevision).toBe(1);
      expect(created.tournament).toEqual({ event: 'Example Cup', round: 3, table: 12, game: i + 1, bestOf: 3 });
    }
  });

  it('each player brings the same deck to every game (Lorcana has no sideboard)', () => {
    const deckOf = (created: MatchCreated, player: string) =>
      created.cards
        .filter((card) => card.owner === player)
        .map((card) => card.definition)
        .sort();
    for (const player of ['p1', 'p2']) for (const { created } of games) expect(deckOf(created, player)).toEqual(deckOf(games[0].created, player));
  });

  it('game 1 to p1 and game 2 to p2, each at 20 lore in the log; game 3 a draw', () => {
    expect(ended(1)).toMatchObject({ winner: 'p1' });
    expect(ended(2)).toMatchObject({ winner: 'p2' });
    expect((games[0].replay.viewAt(PUBLIC) as AudienceView).counters.p1.lore).toBe(rulesets.lorcana.tournament.winsAt!.value);
    expect((games[1].replay.viewAt(PUBLIC) as AudienceView).counters.p2.lore).toBe(20);
    expect(ended(3)).toMatchObject({ draw: true });
    expect(ended(3)).not.toHaveProperty('winner');
  });

  it('game 3: time is called during turn 5, then exactly the 5 more turns the procedure allows, starting with the opponent, and nobody reaches 20', () => {
    const view = games[2].replay.viewAt(PUBLIC) as AudienceView;
    expect(view.time.called).toMatchObject({ turn: 5 });
    expect(view.time.turnsAfter).toBe(rulesets.lorcana.tournament.turnsAfterTime!.turns);
    expect(view.time.extensions).toEqual([expect.objectContaining({ seconds: 180 })]);
    const calledAt = view.time.called!.revision;
    const after = games[2].events.slice(calledAt).filter((event) => event.type === 'TurnStarted');
    expect(after.map((event) => (event.data as { player: string }).player)).toEqual(['p2', 'p1', 'p2', 'p1', 'p2']);
    expect(Math.max(...Object.values(view.counters).map((counters) => counters.lore))).toBeLessThan(20);
  });

  it('1–1 with a drawn third game is a drawn match, decided', () => {
    const outcomes = [1, 2, 3].map((game) => {
      const end = ended(game)!;
      return { game, ended: true, winner: end.winner ?? null, draw: end.draw === true, timeCalled: game === 3 };
    });
    expect(matchResult(['p1', 'p2'], 3, outcomes)).toEqual({ wins: { p1: 1, p2: 1 }, draws: 1, winner: null, draw: true, decided: true });
  });

  it('audits with no violation', () => {
    for (const { events } of games) expect(auditMatch(events).filter((finding) => finding.severity === 'violation')).toEqual([]);
  });
});

import { createHash } from 'crypto';
import { BROADCAST, GameId, MatchEvent, PUBLIC, Seat, emptyMatch, emptySeat, evolve, judgeView, stepSeat } from '@matchlog/domain';
import { randomMatch } from '@matchlog/testkit';

/**
 * What every audience receives of a corpus of generated matches, as one sha256 per match and audience:
 * the JSON of each observation and each view, step by step (and, for the judge, of each judge view).
 * libs/domain/test/fold-digests.golden.json holds them as the fold computed them when the file was
 * written; fold-unchanged.unit.spec.ts rewrites it only when asked to (MATCHLOG_FOLD_GOLDEN=rewrite).
 */

const GAMES: readonly GameId[] = ['lorcana', 'four-souls', 'grand-archive'];
const AUDIENCES = ['p1', 'p2', PUBLIC, BROADCAST];
const SEEDS = 60;

/** mulberry32: the same choices for the same seed on every machine. */
const choicesFor = (seed: number, length: number): number[] => {
  let a = seed * 2654435761 + 1;
  return Array.from({ length }, () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  });
};

const meta = { recordedBy: 'golden', recordedAt: '2026-11-26T00:00:00.000Z' };

/**
 * Variations the generator does not make, by seed: decks public at the end, a MatchEnded that discloses
 * the shuffles, events naming what does not exist (observed as Nothing), a second MatchCreated, a
 * trigger removed, a player who leaves.
 */
const varied = (seed: number, events: MatchEvent[]): MatchEvent[] => {
  const [created, ...rest] = events;
  const first = seed % 5 === 0 && created.type === 'MatchCreated' ? { ...created, data: { ...created.data, publicDeckLists: true } } : created;
  const played = rest.map((e) => (e.type === 'ZoneShuffled' && seed % 2 === 0 ? { ...e, data: { ...e.data, salt: `salt-${seed}-${e.id}` } } : e));
  if (seed % 4 === 1) {
    const at = Math.floor(played.length / 2);
    const bogus: MatchEvent[] = [
      { id: `bogus-move-${seed}`, type: 'CardMoved', data: { cardId: 'no-such-card', from: { zone: 'deck', player: 'p1' }, to: { zone: 'hand', player: 'p1' } }, meta },
      { id: `bogus-status-${seed}`, type: 'CardStatusChanged', data: { cardId: 'no-such-card', exerted: true }, meta },
      { id: `again-${seed}`, type: 'MatchCreated', data: created.data, meta } as MatchEvent,
    ];
    played.splice(at, 0, ...bogus);
  }
  if (seed % 4 === 2) {
    const added = played.findIndex((e) => e.type === 'TriggerAdded');
    if (added >= 0) {
      const { triggerId } = (played[added] as Extract<MatchEvent, { type: 'TriggerAdded' }>).data;
      played.splice(added + 1, 0, { id: `removed-${seed}`, type: 'TriggerRemoved', data: { triggerId, reason: 'fizzled' }, meta });
    }
  }
  if (seed % 7 === 3) played.splice(Math.max(0, played.length - 5), 0, { id: `left-${seed}`, type: 'PlayerLeft', data: { player: 'p2' }, meta });
  const ended: MatchEvent[] = seed % 3 === 0 ? [{ id: `end-${seed}`, type: 'MatchEnded', data: { reason: 'time', ...(seed % 6 === 0 && { winner: 'p1' }) }, meta }] : [];
  return [first, ...played, ...ended];
};

/** The corpus: SEEDS short matches per game (up to 160 events), and two long ones (the bench's 1,000-event match among them). */
export const corpus = (): { name: string; events: MatchEvent[] }[] => {
  const matches: { name: string; events: MatchEvent[] }[] = [];
  for (const game of GAMES) {
    for (let seed = 0; seed < SEEDS; seed++) matches.push({ name: `${game}/seed-${seed}`, events: varied(seed, randomMatch(game, choicesFor(seed, 160))) });
    const bench = Array.from({ length: 4000 }, (_, i) => (i * 2654435761) % 4294967291);
    matches.push({ name: `${game}/bench-1000`, events: randomMatch(game, bench, 999) });
    matches.push({ name: `${game}/long-1500`, events: varied(0, randomMatch(game, choicesFor(1000, 1500), 1499)) });
  }
  return matches;
};

/**
 * Digests of one match for every audience. Each is taken twice: as the fold hands out each step, and
 * again over everything it handed out once the whole match is folded, so that a later step mutating
 * an observation or a view an earlier step returned (which callers share) changes the second.
 */
export const matchDigests = (events: readonly MatchEvent[]): Record<string, { stepwise: string; afterwards: string }> => {
  const result: Record<string, { stepwise: string; afterwards: string }> = {};
  for (const audience of AUDIENCES) {
    const stepwise = createHash('sha256');
    const handedOut: unknown[] = [];
    let seat: Seat = emptySeat(audience);
    for (const e of events) {
      const { seat: next, observation } = stepSeat(seat, e);
      seat = next;
      stepwise.update(JSON.stringify(observation)).update('\n').update(JSON.stringify(seat.view)).update('\n');
      handedOut.push(observation, seat.view);
    }
    const afterwards = createHash('sha256');
    for (const output of handedOut) afterwards.update(JSON.stringify(output)).update('\n');
    result[audience] = { stepwise: stepwise.digest('hex'), afterwards: afterwards.digest('hex') };
  }
  const judge = createHash('sha256');
  const states = [];
  let state = emptyMatch;
  for (const e of events) {
    state = evolve(state, e);
    judge.update(JSON.stringify(judgeView(state))).update('\n');
    states.push(state);
  }
  const judgeAfterwards = createHash('sha256');
  for (const s of states) judgeAfterwards.update(JSON.stringify(judgeView(s))).update('\n');
  result.judge = { stepwise: judge.digest('hex'), afterwards: judgeAfterwards.digest('hex') };
  return result;
};

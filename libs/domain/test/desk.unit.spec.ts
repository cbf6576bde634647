import { AudienceView, MatchEvent, Replay, audiencesOf, judgeView } from '@matchlog/domain';
import { event, randomMatch } from '@matchlog/testkit';
import fc from 'fast-check';
import { given } from './support/given';
import { lorcanaTable } from './support/tables';

const called = event('JudgeCalled', { callId: 'c1', by: 'p1', at: 1, reason: 'my Be Prepared was not put back' });
const claimed = event('CallClaimed', { callId: 'c1', judge: 'Ana' });
const escalated = event('CallEscalated', { callId: 'c1', judge: 'Ana', reason: 'needs the head judge' });
const resolved = event('CallResolved', { callId: 'c1', judge: 'Hugo' });
const ruling = event('RulingGiven', {
  rulingId: 'r1',
  callId: 'c1',
  player: 'p2',
  infraction: 'Seeing Extra Cards',
  penalty: 'Warning',
  remedy: 'shuffle the seen cards back into the random part of the deck',
  text: 'p2 admitted it at once',
  seconds: 180,
  judge: 'Ana',
});
const secret = event('JudgeNoted', { noteId: 'n1', at: 1, text: 'watch this table', published: false });
const published = event('JudgeNoted', { noteId: 'n2', at: 1, text: 'game 1 restarted', published: true });
const ended = event('MatchEnded', { winner: 'p1', reason: 'p2 conceded' });

describe("the judge's desk: validate", () => {
  it('a call names a player of the match or the recorder, and a revision the match has reached', () => {
    given(lorcanaTable()).when(called).thenAccepted();
    given(lorcanaTable())
      .when(event('JudgeCalled', { callId: 'c1', by: 'recorder', at: 0, reason: 'the table asks' }))
      .thenAccepted();
    given(lorcanaTable())
      .when(event('JudgeCalled', { ...called.data, by: 'p9' }))
      .thenRejected('UNKNOWN_PLAYER', 'matchlog', 'data.by');
    given(lorcanaTable())
      .when(event('JudgeCalled', { ...called.data, at: 2 }))
      .thenRejected('REVISION_NOT_REACHED', 'matchlog', 'data.at');
    given(lorcanaTable(), called).when(called).thenRejected('DUPLICATE_CALL', 'matchlog', 'data.callId');
    given(lorcanaTable())
      .when(event('JudgeCalled', { ...called.data, reason: 'x'.repeat(201) }))
      .thenRejected('MALFORMED_EVENT', 'matchlog', 'data.reason');
  });

  it('a claim, escalation or resolution is of a known call that is not resolved', () => {
    given(lorcanaTable()).when(claimed).thenRejected('UNKNOWN_CALL', 'matchlog', 'data.callId');
    given(lorcanaTable(), called).when(claimed, escalated, resolved).thenAccepted();
    for (const again of [claimed, escalated, resolved]) given(lorcanaTable(), called, resolved).when(again).thenRejected('CALL_RESOLVED', 'matchlog', 'data.callId');
  });

  it('a ruling penalizes a player of the match, answers a known call, and its seconds are 1..3600', () => {
    given(lorcanaTable(), called).when(ruling).thenAccepted();
    given(lorcanaTable())
      .when(event('RulingGiven', { ...ruling.data, player: 'p9', callId: undefined }))
      .thenRejected('UNKNOWN_PLAYER', 'matchlog', 'data.player');
    given(lorcanaTable()).when(ruling).thenRejected('UNKNOWN_CALL', 'matchlog', 'data.callId');
    given(lorcanaTable(), called, ruling).when(ruling).thenRejected('DUPLICATE_RULING', 'matchlog', 'data.rulingId');
    given(lorcanaTable(), called)
      .when(event('RulingGiven', { ...ruling.data, seconds: 3601 }))
      .thenRejected('MALFORMED_EVENT', 'matchlog', 'data.seconds');
  });

  it('the desk is open after MatchEnded (a call or ruling can come after the game), never after MatchVoided', () => {
    given(lorcanaTable(), ended).when(called, claimed, ruling, published, resolved).thenAccepted();
    given(lorcanaTable(), ended)
      .when(event('TurnStarted', { player: 'p1', turn: 1 }))
      .thenRejected('MATCH_ENDED', 'matchlog', 'type');
    given(lorcanaTable(), event('MatchVoided', { reason: 'recorded twice' }))
      .when(called)
      .thenRejected('MATCH_VOIDED', 'matchlog', 'type');
  });
});

describe("the judge's desk: the fold", () => {
  it('keeps each call with its status, its judge and the revision it was made at, every ruling and every note', () => {
    const state = given(lorcanaTable()).when(called, claimed, escalated, ruling, secret, resolved).thenAccepted();
    expect(state.desk.calls).toEqual([{ ...called.data, status: 'resolved', revision: 2, judge: 'Hugo', escalation: 'needs the head judge' }]);
    expect(state.desk.rulings).toEqual([{ ...ruling.data, revision: 5 }]);
    expect(state.desk.notes).toEqual([{ ...secret.data, revision: 6 }]);
    expect(judgeView(state).desk).toEqual(state.desk);
  });

  it('a match without a desk event has no desk in the judge view (what it showed before)', () => {
    expect(judgeView(given(lorcanaTable()).state)).not.toHaveProperty('desk');
  });
});

describe("the judge's desk: who observes what", () => {
  const replay = given(lorcanaTable()).replay(called, claimed, escalated, ruling, secret, published, resolved);
  const observed = (audience: string) => replay.observations(audience, 1).map((entry) => entry.observation);

  it('the caller reads their call with its reason and each status change; never the judge, the escalation reason or the ruling text', () => {
    expect(observed('p1')).toEqual([
      { type: 'JudgeCalled', callId: 'c1', by: 'p1', at: 1, reason: 'my Be Prepared was not put back' },
      { type: 'CallStatusChanged', callId: 'c1', status: 'claimed' },
      { type: 'CallStatusChanged', callId: 'c1', status: 'escalated' },
      {
        type: 'RulingGiven',
        rulingId: 'r1',
        callId: 'c1',
        player: 'p2',
        infraction: 'Seeing Extra Cards',
        penalty: 'Warning',
        remedy: 'shuffle the seen cards back into the random part of the deck',
        seconds: 180,
      },
      { type: 'Nothing' },
      { type: 'JudgeNoted', noteId: 'n2', at: 1, text: 'game 1 restarted' },
      { type: 'CallStatusChanged', callId: 'c1', status: 'resolved' },
    ]);
    expect(JSON.stringify(observed('p1'))).not.toMatch(/Ana|Hugo|head judge|admitted|watch this table/);
  });

  it('the other player reads that a judge was called, never why', () => {
    const [call, ...rest] = observed('p2');
    expect(call).toEqual({ type: 'JudgeCalled', callId: 'c1', by: 'p1', at: 1 });
    expect(rest).toEqual(observed('p1').slice(1));
  });

  it('spectators read nothing of calls and rulings, and a note only once published', () => {
    expect(observed('public')).toEqual([
      { type: 'Nothing' },
      { type: 'Nothing' },
      { type: 'Nothing' },
      { type: 'Nothing' },
      { type: 'Nothing' },
      { type: 'JudgeNoted', noteId: 'n2', at: 1, text: 'game 1 restarted' },
      { type: 'Nothing' },
    ]);
  });

  it('each view folds what its audience observed, without any free text (the texts are in the observations of their revision)', () => {
    const desk = {
      calls: [{ callId: 'c1', by: 'p1', at: 1, status: 'resolved' }],
      rulings: [{ rulingId: 'r1', callId: 'c1', player: 'p2', penalty: 'Warning', seconds: 180 }],
      notes: [{ noteId: 'n2', at: 1 }],
    };
    expect(replay.viewAt('p1').desk).toEqual(desk);
    expect(replay.viewAt('p2').desk).toEqual(desk);
    expect(replay.viewAt('public').desk).toEqual({ calls: [], rulings: [], notes: [{ noteId: 'n2', at: 1 }] });
    expect(JSON.stringify(replay.viewAt('p1'))).not.toMatch(/Be Prepared was|Seeing Extra|restarted/);
    expect(JSON.stringify(replay.viewAt('public', 5))).not.toContain('desk');
  });
});

describe("the judge's desk changes nothing else an audience receives", () => {
  it.each(['lorcana', 'four-souls', 'grand-archive'] as const)(
    '%s: with desk events anywhere in a random match, every other observation and the view at the end are the same, byte for byte',
    (game) => {
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 100, maxLength: 120 }), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), (choices, places) => {
          const events = randomMatch(game, choices);
          const players = (events[0].data as unknown as { players: { id: string }[] }).players.map((p) => p.id);
          const with_: MatchEvent[] = [];
          const inserted = new Set(places.map((n) => 1 + (n % events.length)));
          let calls = 0;
          events.forEach((e, i) => {
            with_.push(e);
            if (!inserted.has(i + 1)) return;
            const callId = `k${++calls}`;
            with_.push(
              event('JudgeCalled', { callId, by: players[calls % players.length], at: i + 1, reason: 'a question' }),
              event('RulingGiven', { rulingId: `r${calls}`, callId, player: players[0], infraction: 'Slow play', penalty: 'Caution', judge: 'Hugo' }),
              event('JudgeNoted', { noteId: `n${calls}`, at: i, text: 'here', published: calls % 2 === 0 }),
              event('CallResolved', { callId, judge: 'Hugo' }),
            );
          });
          const plain = new Replay(events);
          const desk = new Replay(with_);
          for (const audience of audiencesOf(plain.stateAt(1).layout!).filter((a) => a !== 'judge')) {
            const kept = desk.observations(audience).filter((_, i) => !['JudgeCalled', 'RulingGiven', 'JudgeNoted', 'CallResolved'].includes(with_[i].type));
            expect(JSON.stringify(kept.map((entry) => entry.observation))).toBe(JSON.stringify(plain.observations(audience).map((entry) => entry.observation)));
            // the same view but for the revisions, which the desk's events move on (and the time's, which name them)
            const unrevised = ({ revision: _r, desk: _d, time, ...view }: AudienceView) => ({
              ...view,
              time: { ...time, called: time.called?.turn ?? null, extensions: time.extensions.map((x) => x.seconds) },
            });
            expect(JSON.stringify(unrevised(desk.viewAt(audience) as AudienceView))).toBe(JSON.stringify(unrevised(plain.viewAt(audience) as AudienceView)));
          }
        }),
        { numRuns: 10 },
      );
    },
  );
});

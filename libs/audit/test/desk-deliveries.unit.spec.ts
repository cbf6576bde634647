import { auditMatch, checkDeliveries, hiddenInDeskText, hiddenNamesIn, publicNamesOfState, selfAudit } from '@matchlog/audit';
import { EventDataByType, EventType, JUDGE, MatchEvent, MatchState, Replay, audiencesOf, emptyMatch, foldMatch, validateBatch } from '@matchlog/domain';
import { convertTcgOnlineReplay, importedEvents } from '@matchlog/matches';
import { tcgOnlineSamples } from '@matchlog/testkit';

/** The engine-made replays as matches (MatchCreated, then every step's events), as the statistics' test reads them. */
const matches = tcgOnlineSamples().map((sample) => {
  const converted = convertTcgOnlineReplay(sample.json);
  if (!converted.ok) throw new Error(`${sample.name}: ${JSON.stringify(converted)}`);
  let n = 0;
  const stamp = (type: string, data: unknown) => ({ id: `e${++n}`, type, data, meta: { recordedBy: 'organizer', recordedAt: converted.createdAt } }) as MatchEvent;
  return { name: sample.name, events: [stamp('MatchCreated', converted.created), ...importedEvents(converted).map((e) => stamp(e.type, e.data))] };
});

let ids = 0;
const desk = <T extends EventType>(type: T, data: EventDataByType[T]) => ({ id: `desk-${++ids}`, type, data }) as MatchEvent;

/** A card in one player's hand that the other player and spectators cannot see, by a name the free-text check finds; undefined: none. */
const secretOf = (state: MatchState) => {
  const layout = state.layout!;
  const names = publicNamesOfState(state);
  for (const [holder, other] of [layout.playerIds, [...layout.playerIds].reverse()]) {
    const hand = layout.zones.findIndex((zone) => zone.ref.zone === 'hand' && zone.player === holder);
    for (const card of state.zones[hand]) {
      const name = state.cards[card].definition;
      if (name === null) continue;
      if (hiddenNamesIn(state, name, names, holder).length === 0 && hiddenNamesIn(state, name, names, other).includes(name) && hiddenNamesIn(state, name, names).includes(name))
        return { holder, other, name };
    }
  }
  return undefined;
};

/** The first revision from a third of the game on where a hand holds such a card, and the state there. */
const momentOf = (events: readonly MatchEvent[]) => {
  let state = foldMatch(events.slice(0, Math.floor(events.length / 3)), emptyMatch);
  for (let cut = state.revision; cut < events.length; state = foldMatch([events[cut]], state), cut++) {
    const secret = secretOf(state);
    if (secret) return { cut, state, ...secret };
  }
  throw new Error('no hidden card in a hand');
};

describe.each(matches.map((m) => [m.name, m.events] as const))("the judge's desk on a real replay (%s): free text and delivered payloads", (_name, events) => {
  const { cut, state, holder, other, name } = momentOf(events);
  const call = (by: string, reason: string) => desk('JudgeCalled', { callId: `call-${by}`, by, at: cut, reason });

  it('a call naming a card hidden from its caller is refused for that caller; its owner may name it', () => {
    expect(hiddenInDeskText(state, call(holder, `may I still play ${name}?`))).toBeUndefined();
    expect(hiddenInDeskText(state, call(other, `my opponent holds ${name}`))).toEqual({ audience: other, field: 'reason', names: [name] });
  });

  it("a ruling's remedy and a published note reach other audiences and are checked; a ruling's text and an unpublished note are the judge's", () => {
    const ruling = { rulingId: 'r', player: holder, infraction: 'Seeing Extra Cards', penalty: 'Warning', judge: 'Hugo' };
    expect(hiddenInDeskText(state, desk('RulingGiven', { ...ruling, remedy: `put ${name} back` }))).toEqual({ audience: other, field: 'remedy', names: [name] });
    expect(hiddenInDeskText(state, desk('RulingGiven', { ...ruling, text: `${holder} held ${name}` }))).toBeUndefined();
    expect(hiddenInDeskText(state, desk('JudgeNoted', { noteId: 'n', at: cut, text: `${name} in hand`, published: true }))).toEqual({
      audience: 'public',
      field: 'text',
      names: [name],
    });
    expect(hiddenInDeskText(state, desk('JudgeNoted', { noteId: 'n', at: cut, text: `${name} in hand`, published: false }))).toBeUndefined();
  });

  it('the accepted desk events reach only their audiences: the self-audit of every observation and view comes back clean', () => {
    const accepted = [
      call(holder, `may I still play ${name}?`),
      desk('CallClaimed', { callId: `call-${holder}`, judge: 'Hugo' }),
      desk('RulingGiven', {
        rulingId: 'r',
        callId: `call-${holder}`,
        player: holder,
        infraction: 'Drew an extra card',
        penalty: 'Warning',
        text: `${holder} held ${name}`,
        seconds: 60,
        judge: 'Hugo',
      }),
      desk('TimeExtended', { seconds: 60, reason: "a judge's ruling" }),
      desk('JudgeNoted', { noteId: 'n', at: cut, text: `${name} in hand`, published: false }),
      desk('CallResolved', { callId: `call-${holder}`, judge: 'Hugo' }),
    ];
    for (const event of accepted) expect(hiddenInDeskText(state, event)).toBeUndefined();
    const log = [...events.slice(0, cut), ...accepted, ...events.slice(cut)];
    expect(validateBatch(emptyMatch, log).ok).toBe(true);
    expect(selfAudit(log)).toEqual([]);
    const replay = new Replay(log);
    for (const audience of audiencesOf(state.layout!).filter((a) => a !== JUDGE)) {
      const seen = JSON.stringify(replay.observations(audience, cut, cut + accepted.length).map((entry) => entry.observation));
      expect([audience, seen.includes(name)]).toEqual([audience, audience === holder]);
      expect(seen).not.toMatch(/Hugo|held/);
    }
  });

  it("the deliveries check passes each audience's desk observations, and catches a reason sent to the player it was hidden from", () => {
    const accepted = [call(holder, `may I still play ${name}?`), desk('CallClaimed', { callId: `call-${holder}`, judge: 'Hugo' })];
    const log = [...events.slice(0, cut), ...accepted, ...events.slice(cut)];
    const replay = new Replay(log);
    const deliveries = audiencesOf(state.layout!).flatMap((audience) =>
      replay.observations(audience, cut, cut + accepted.length).map((entry, i) => ({ audience, revision: cut + i + 1, payload: entry.observation })),
    );
    expect(checkDeliveries(log, deliveries)).toEqual([]);
    const leaked = { audience: other, revision: cut + 1, payload: { type: 'JudgeCalled', callId: `call-${holder}`, by: holder, at: cut, reason: `may I still play ${name}?` } };
    expect(checkDeliveries(log, [leaked])).toEqual([expect.objectContaining({ audience: other, kind: 'definition', value: name, path: '$.reason' })]);
  });

  it('desk events change no finding of the audit: the same codes with and without them', () => {
    const accepted = [
      call(holder, 'a question'),
      desk('RulingGiven', { rulingId: 'r', player: other, infraction: 'Slow play', penalty: 'Caution', judge: 'Hugo' }),
      desk('JudgeNoted', { noteId: 'n', at: cut, text: 'here', published: true }),
      desk('CallResolved', { callId: `call-${holder}`, judge: 'Hugo' }),
    ];
    const codes = (log: readonly MatchEvent[]) => auditMatch(log).map((finding) => finding.code);
    expect(codes([...events.slice(0, cut), ...accepted, ...events.slice(cut)])).toEqual(codes(events));
  });
});

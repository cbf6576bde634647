import { tcgOnlineSamples } from '@matchlog/testkit';
import { ConvertedReplay, convertTcgOnlineReplay } from '../src/import/tcg-online/convert-replay';
import { replayExposure } from '../src/import/tcg-online/replay-exposure';

/** What a replay file names beyond each audience's view (issue 27 §3), from the converted match's own observations. */
const converted = (json: string): ConvertedReplay => {
  const result = convertTcgOnlineReplay(json);
  if (!result.ok) throw new Error(result.refusal.message);
  return result;
};

describe('replayExposure', () => {
  const samples = tcgOnlineSamples().map((sample) => ({ name: sample.name, replay: converted(sample.json) }));

  it.each(samples.map((s) => [s.name, s.replay] as const))('%s: each player is exposed the other hand and both decks in order, never their own hand', (_, replay) => {
    const exposes = replayExposure(replay);
    expect(exposes.map((e) => e.audience)).toEqual(['p1', 'p2', 'public']);
    const zones = (audience: string) => new Map(exposes.find((e) => e.audience === audience)!.zones.map((z) => [z.zone, z]));
    const deckCards = (player: string) => replay.created.cards.filter((c) => c.zone.zone === 'deck' && c.owner === player).length;
    for (const [me, other] of [
      ['p1', 'p2'],
      ['p2', 'p1'],
    ]) {
      const mine = zones(me);
      expect(mine.has(`hand@${me}`)).toBe(false);
      expect(mine.get(`hand@${other}`)?.cards).toBeGreaterThan(0);
      // the opening deck: every card the deck ever held is named in order before it is drawn
      for (const deck of [`deck@${me}`, `deck@${other}`]) expect(mine.get(deck)).toEqual({ zone: deck, cards: deckCards(deck.slice(5)), ordered: true });
    }
    expect([...zones('public').keys()]).toEqual(expect.arrayContaining(['hand@p1', 'hand@p2', 'deck@p1', 'deck@p2']));
    expect(exposes.every((e) => e.seed && e.summary.includes("judge's view"))).toBe(true);
  });

  it('names no card the audience saw: a replay without a seed and with no steps exposes the decks and hands dealt face down only', () => {
    const replay = samples[0].replay;
    const unseeded: ConvertedReplay = { ...replay, steps: [], source: { ...replay.source, seeded: false } };
    const exposes = replayExposure(unseeded);
    for (const e of exposes) {
      expect(e.seed).toBe(false);
      expect(e.summary).not.toContain('seed');
      for (const zone of e.zones) expect(zone.zone).toMatch(/^(deck|hand)@/);
    }
  });
});

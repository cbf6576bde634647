import { BROADCAST, JUDGE, PUBLIC, PUBLIC_BROADCAST_MIN_SECONDS, Replay, audiencesOf, emptyMatch, evolve, validate } from '@matchlog/domain';
import { cards, created } from '@matchlog/testkit';

const table = created('lorcana', [...cards('p1', 'hand', ['Ariel']), ...cards('p2', 'hand', ['Stitch']), ...cards('p1', 'deck', ['Moana', 'Mulan'])]);
const verdictOf = (extra: object) => validate(emptyMatch, { ...table, data: { ...table.data, ...extra } } as typeof table);

describe("MatchCreated's broadcast settings (in the log, so every instance agrees)", () => {
  it('a delay in events and seconds, and token access, are kept in the layout', () => {
    const state = evolve(emptyMatch, { ...table, data: { ...table.data, broadcastDelay: { events: 5, seconds: 30 }, broadcastAccess: 'token' } });
    expect(state.layout!.broadcast).toEqual({ delay: { events: 5, seconds: 30 }, access: 'token' });
  });

  it('absent: no broadcast at all, and no broadcast audience', () => {
    const { layout } = evolve(emptyMatch, table);
    expect(layout!.broadcast).toBeUndefined();
    expect(audiencesOf(layout!)).toEqual([PUBLIC, 'p1', 'p2', JUDGE]);
    expect(audiencesOf(evolve(emptyMatch, { ...table, data: { ...table.data, broadcastAccess: 'token' } }).layout!)).toEqual([PUBLIC, BROADCAST, 'p1', 'p2', JUDGE]);
  });

  it(`a public broadcast (the default access) is refused below ${PUBLIC_BROADCAST_MIN_SECONDS} s of delay; a token one takes any delay`, () => {
    for (const extra of [{ broadcastAccess: 'public' }, { broadcastDelay: { events: 99 } }, { broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS - 1 } }])
      expect(verdictOf(extra)).toMatchObject({ ok: false, error: { code: 'BROADCAST_DELAY_TOO_SHORT', rule: 'matchlog', path: 'data.broadcastDelay.seconds' } });
    for (const extra of [
      {},
      { broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS } },
      { broadcastAccess: 'public', broadcastDelay: { seconds: 3600 } },
      { broadcastAccess: 'token' },
      { broadcastAccess: 'token', broadcastDelay: { events: 1 } },
    ])
      expect(verdictOf(extra)).toEqual({ ok: true });
  });

  it.each([
    [{ broadcastDelay: { events: -1 } }, 'data.broadcastDelay.events'],
    [{ broadcastDelay: { seconds: 1.5 } }, 'data.broadcastDelay.seconds'],
    [{ broadcastDelay: 5 }, 'data.broadcastDelay'],
    [{ broadcastAccess: 'secret' }, 'data.broadcastAccess'],
  ])('a malformed %j is refused, naming the field', (extra, path) => {
    expect(verdictOf(extra)).toMatchObject({ ok: false, error: { path } });
  });
});

describe('what the broadcast sees of the table', () => {
  it('every hand, as its owner sees it; no deck card', () => {
    const view = JSON.stringify(new Replay([table]).viewAt(BROADCAST));
    expect(view).toContain('"Ariel"');
    expect(view).toContain('"Stitch"');
    expect(view).not.toContain('"Moana"');
    expect(view).not.toContain('"Mulan"');
  });
});

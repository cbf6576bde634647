import { ObservedEntry } from '@matchlog/matches';
import { SseFrames } from '../src/feed/sse-frames';
import { feedEncoder } from '../src/openapi/response-schemas';

/** The live feed's bytes: each typed entry as one Server-Sent Events message, through the audience's wall. */
describe('SseFrames', () => {
  const observed = (audience: string, revision: number): ObservedEntry => ({
    type: 'observation',
    audience,
    revision,
    data: { revision, observation: { type: 'TurnStarted', player: 'p1', turn: 2 } },
  });

  it('frames an observation with the revision as its id, and one line of JSON as its data', () => {
    const text = new SseFrames(feedEncoder()).of(observed('public', 3));
    expect(text).toBe('id: 3\nevent: observation\ndata: {"revision":3,"observation":{"type":"TurnStarted","player":"p1","turn":2}}\n\n');
  });

  it('frames the end as { revision }', () => {
    expect(new SseFrames(feedEncoder()).of({ type: 'ended', audience: 'public', revision: 9, data: { revision: 9 } })).toBe('id: 9\nevent: ended\ndata: {"revision":9}\n\n');
  });

  it("writes an entry the model shares between a match's streams once, through the encoder of its audience", () => {
    const encoder = feedEncoder();
    const written: string[] = [];
    const frames = new SseFrames({ ...encoder, entry: (audience, value) => (written.push(audience), encoder.entry(audience, value)) });
    const shared = observed('p2', 4);
    expect(frames.of(shared)).toBe(frames.of(shared));
    frames.of(observed('p2', 4));
    expect(written).toEqual(['p2', 'p2']);
  });

  it("refuses data that is not the audience's type rather than send it (the wall)", () => {
    const judgeOnly = {
      ...observed('public', 5),
      data: { revision: 5, observation: { id: 'e1', type: 'TurnStarted', data: { player: 'p1', turn: 2 }, meta: { chainSalt: 'secret' } } as never },
    };
    expect(() => new SseFrames(feedEncoder()).of(judgeOnly)).toThrow();
  });
});

import { feedEncoder } from '../src/openapi/response-schemas';

/** The live feed's messages go through the same wall as the REST answers: the type of the audience they are for. */
describe('the live feed encoder', () => {
  const encoder = feedEncoder();

  it("writes an audience's observation with the fields its type declares, and no other", () => {
    const entry = { revision: 3, observation: { type: 'TurnStarted', player: 'p1', turn: 2, cardId: 'c01', definition: 'Ariel - On Human Legs' } };
    expect(JSON.parse(encoder.entry('public', entry))).toEqual({ revision: 3, observation: { type: 'TurnStarted', player: 'p1', turn: 2 } });
    expect(JSON.parse(encoder.entry('p2', entry))).toEqual({ revision: 3, observation: { type: 'TurnStarted', player: 'p1', turn: 2 } });
  });

  it("never writes an event (its data, its meta and chain salt) where an audience's observation is due", () => {
    const event = { id: 'e1', type: 'TurnStarted', data: { player: 'p1', turn: 2 }, meta: { recordedBy: 'organizer', recordedAt: 't', chainSalt: 'secret-salt' } };
    // it fits no observation of the public's type: nothing of it is written (the model ends that audience's streams)
    expect(() => encoder.entry('public', { revision: 3, observation: event })).toThrow();
  });

  it("writes the judge's events whole, as declared", () => {
    const event = { id: 'e1', type: 'TurnStarted', data: { player: 'p1', turn: 2 }, meta: { recordedBy: 'organizer', recordedAt: '2026-11-26T00:00:00.000Z' } };
    expect(JSON.parse(encoder.entry('judge', { revision: 3, observation: event }))).toEqual({ revision: 3, observation: event });
  });

  it("writes a seen card's declared fields only: a hidden card's id added to it is not sent", () => {
    const moved = { type: 'CardMoved', move: { from: { zone: 'deck', player: 'p1' }, to: { zone: 'hand', player: 'p1' }, index: 0, card: { handle: 'h1', cardId: 'c01' } } };
    const text = encoder.entry('p2', { revision: 4, observation: moved });
    expect(text).not.toContain('c01');
    expect(JSON.parse(text).observation.move.card).toEqual({ handle: 'h1' });
  });
});

import 'reflect-metadata';
import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import fc from 'fast-check';
import { AppendEventsDto } from '../src/dto/event.dto';
import { ValidationFailed } from '@matchlog/matches';
import { validationOptions, validationPipe } from '../src/validation/validation-pipe';
import { draw } from './support/fixtures';

/** What a pipe makes of a body: the problems it refuses it with, or the body it hands on (as JSON). */
const outcome = async (pipe: ValidationPipe, body: unknown) => {
  const metadata: ArgumentMetadata = { type: 'body', metatype: AppendEventsDto, data: '' };
  try {
    return { body: JSON.parse(JSON.stringify((await pipe.transform(body, metadata)) ?? null)) };
  } catch (error) {
    if (error instanceof ValidationFailed) return { problems: error.details };
    throw error;
  }
};

const byClassValidator = new ValidationPipe(validationOptions);
const byHand = validationPipe();
/** Each pipe gets its own copy: both drop prototype keys in place. */
const both = async (body: unknown) => {
  const copy = () => (body === undefined ? undefined : JSON.parse(JSON.stringify(body)));
  return { byHand: await outcome(byHand, copy()), byClassValidator: await outcome(byClassValidator, copy()) };
};

const valid = { expectedRevision: 3, events: [{ id: 'e-1', ...draw() }, { type: 'TurnStarted', data: { player: 'p1', turn: 2 } }] };
const KEYS = ['expectedRevision', 'events', 'id', 'type', 'data', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__PROTO__', 'extra', '0'];

/** Every path into a JSON value, so one of them can be replaced or given another key. */
const pathsOf = (value: unknown, at: (string | number)[] = []): (string | number)[][] =>
  typeof value === 'object' && value !== null ? [at, ...Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...at, Array.isArray(value) ? Number(key) : key]))] : [at];
const changed = (value: unknown, path: (string | number)[], change: (at: unknown) => unknown): unknown => {
  if (path.length === 0) return change(value);
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = changed(copy[path[0]], path.slice(1), change);
  return copy;
};
const withKey = (key: string, by: unknown) => (at: unknown) => (typeof at === 'object' && at !== null && !Array.isArray(at) ? JSON.parse(JSON.stringify({ ...at, [key]: by }).replace('"__PROTO__"', '"__proto__"')) : by);
const paths = pathsOf(valid);
const body = fc.oneof(
  fc.tuple(fc.nat({ max: paths.length - 1 }), fc.jsonValue({ maxDepth: 3 })).map(([i, by]) => changed(valid, paths[i], () => by)),
  fc.tuple(fc.nat({ max: paths.length - 1 }), fc.constantFrom(...KEYS), fc.jsonValue({ maxDepth: 2 })).map(([i, key, by]) => changed(valid, paths[i], withKey(key, by))),
  fc.record({ expectedRevision: fc.jsonValue({ maxDepth: 1 }), events: fc.array(fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.record({ id: fc.jsonValue({ maxDepth: 0 }), type: fc.constantFrom('CardMoved', 'Nope', 1), data: fc.jsonValue({ maxDepth: 1 }) }, { requiredKeys: [] })), { maxLength: 4 }) }, { requiredKeys: [] }),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('the append envelope, checked by hand: what class-validator says of AppendEventsDto, faster', () => {
  it('refuses the e2e tests\' bodies with the same problems, in the same order', async () => {
    for (const sample of [
      undefined, null, 5, 'x', [], [1], {}, { events: 'x' }, { events: {} }, { events: { type: 'CardMoved', x: 1 } }, { events: [[]] }, { events: [[{ type: 'x' }]] },
      { events: [null, 1, 'x', true] }, { expectedRevision: 'one', events: [], extra: 1 }, { expectedRevision: 1.5, events: [{ id: 5, type: 'nope', data: [], more: 1 }] },
      { expectedRevision: '1', events: [{ id: 'bad id', type: 'CardMoved', data: null }] }, { expectedRevision: 1, events: Array.from({ length: 501 }, () => draw()) },
      { expectedRevision: -1, events: [{ type: 'CardMoved', data: { cardId: 5, extra: true } }, { type: 'Teleported', data: {} }, { type: 'TurnStarted', data: 'p1' }], sneaky: 1 },
    ]) {
      const { byHand, byClassValidator } = await both(sample);
      expect(byClassValidator.problems?.length).toBeGreaterThan(0);
      expect(byHand).toEqual(byClassValidator);
    }
  });

  it('passes a valid body on as it came, prototype keys and the names of Object.prototype members dropped at every depth as the ValidationPipe drops them', async () => {
    const sample = { ...valid, constructor: 1, events: [{ ...valid.events[0], prototype: { a: 1 }, data: { ...valid.events[0].data, constructor: 'x', valueOf: [{ toString: 1, ok: 2 }] } }] };
    const { byHand, byClassValidator } = await both(sample);
    expect(byHand).toEqual({ body: { expectedRevision: 3, events: [{ id: 'e-1', ...draw() }] } });
    const nested = await both({ ...valid, events: [{ ...draw(), data: { ...draw().data, deep: [{ toString: 1, ok: 2 }] } }] });
    expect(nested.byHand).toEqual({ body: { ...valid, events: [{ ...draw(), data: { ...draw().data, deep: [{ ok: 2 }] } }] } });
    expect(nested.byHand).toEqual(nested.byClassValidator);
    expect(byHand).toEqual(byClassValidator);
  });

  it('agrees with class-validator on thousands of mutated and random bodies', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (sample) => {
        const { byHand, byClassValidator } = await both(sample);
        expect(byHand).toEqual(byClassValidator);
      }),
      { numRuns: 1500 },
    );
  });
});

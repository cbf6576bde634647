import { ID, eventTypes } from '@matchlog/domain';
import { FieldProblem } from '@matchlog/matches';

/*
 * The append body's envelope checked by hand: every problem, path and message in the order the
 * ValidationPipe gives for AppendEventsDto (class-validator and class-transformer), which stays the
 * declaration and the reference (append-envelope.unit.spec.ts compares the two on fuzzed bodies).
 * On the append path the pipe cost more than the domain's whole check of the events (docs/performance.md).
 */
const TYPES = new Set<unknown>(eventTypes);
const TYPE_MESSAGE = `type must be one of: ${eventTypes.join(', ')}`;
const ITEM_MESSAGE = 'each of events must be an object { id?, type, data }';
const NESTED_MESSAGE = 'each value in nested property events must be either object or array';
const MAX_EVENTS = 500;

type Record_ = Record<string, unknown>;
const isObject = (value: unknown): value is Record_ => value !== null && typeof value === 'object' && !Array.isArray(value);

/** One problem, written as `fieldProblems` writes class-validator's: `parent` prefixes the path and the message. */
const add = (problems: FieldProblem[], parent: string, property: string, message: string) =>
  problems.push(parent === '' ? { path: property, message } : { path: `${parent}.${property}`, message: `${parent}.${message}` });

const unknownKeys = (value: Record_, known: (key: string) => boolean, parent: string, problems: FieldProblem[]) => {
  for (const key of Object.keys(value)) if (!known(key)) add(problems, parent, key, `property ${key} should not exist`);
};

const isEventKey = (key: string) => key === 'id' || key === 'type' || key === 'data';

/** An EventDto's own checks, its problems under `parent` (e.g. `events.3`). */
const eventProblems = (event: Record_, parent: string, problems: FieldProblem[]) => {
  unknownKeys(event, isEventKey, parent, problems);
  const { id } = event;
  if (id !== undefined && id !== null) {
    if (typeof id !== 'string') add(problems, parent, 'id', 'id must be a string');
    if (typeof id !== 'string' || !ID.test(id)) add(problems, parent, 'id', 'id must be 1-128 letters, digits, ".", "_", ":" or "-"');
  }
  if (!TYPES.has(event.type)) add(problems, parent, 'type', TYPE_MESSAGE);
  if (!isObject(event.data)) add(problems, parent, 'data', 'data must be an object');
};

/** @ValidateNested on one item of `events` (or deeper, in an array in it), at `parent`.`property`. */
const nestedProblems = (value: unknown, parent: string, property: string, problems: FieldProblem[]) => {
  const path = `${parent}.${property}`;
  if (Array.isArray(value)) value.forEach((item, i) => nestedProblems(item, path, String(i), problems));
  else if (isObject(value)) eventProblems(value, path, problems);
  else if (value !== undefined) add(problems, parent, property, NESTED_MESSAGE);
};

const eventsProblems = (events: unknown, problems: FieldProblem[]) => {
  const isArray = Array.isArray(events);
  if (!isArray || events.length > MAX_EVENTS) add(problems, '', 'events', `events must contain no more than ${MAX_EVENTS} elements`);
  if (!isArray || events.length < 1) add(problems, '', 'events', 'events must contain at least 1 elements');
  if (isArray ? !events.every(isObject) : !isObject(events)) add(problems, '', 'events', ITEM_MESSAGE);
  if (!isArray) add(problems, '', 'events', 'events must be an array');
  if (isArray) events.forEach((item, i) => nestedProblems(item, 'events', String(i), problems));
  else if (isObject(events)) eventProblems(events, 'events', problems);
  else if (events !== undefined) add(problems, '', 'events', NESTED_MESSAGE);
};

/** Every problem of an append body's envelope (none: the body is `{ expectedRevision, events: [{ id?, type, data }] }`). */
export const appendEnvelopeProblems = (body: unknown): FieldProblem[] => {
  const problems: FieldProblem[] = [];
  // an array is checked as class-validator checks it: its indices are unknown properties
  const envelope: Record_ = isObject(body) || Array.isArray(body) ? (body as Record_) : {};
  unknownKeys(envelope, (key) => key === 'expectedRevision' || key === 'events', '', problems);
  const revision = envelope.expectedRevision;
  if (!(typeof revision === 'number' && revision >= 0)) add(problems, '', 'expectedRevision', 'expectedRevision must not be less than 0');
  if (!Number.isInteger(revision)) add(problems, '', 'expectedRevision', 'expectedRevision must be an integer number');
  eventsProblems(envelope.events, problems);
  return problems;
};

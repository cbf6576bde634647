import { Fields, Spec } from '../events/descriptor';
import { EventType } from '../events/events';
import { exactlyOneOf, vocabulary } from '../events/vocabulary';

export interface ShapeProblem {
  /** e.g. "data.moves[1].from.zone" */
  readonly path: string;
  readonly message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasOwn = Object.prototype.hasOwnProperty;

/** What a value of this spec must be, in words: "must be …". */
export const expected = (spec: Spec): string => {
  switch (spec.kind) {
    case 'string': {
      const what = spec.values
        ? spec.values.map((v) => `"${v}"`).join(' or ')
        : (spec.patternHint ?? (spec.maxLength !== undefined ? `a string of 1 to ${spec.maxLength} characters` : 'a string'));
      return spec.nullable ? `${what} or null` : what;
    }
    case 'integer':
      if (spec.values !== undefined) return spec.values.join(', ').replace(/, (\d+)$/, ' or $1');
      return spec.maximum === undefined ? `an integer of at least ${spec.minimum}` : `an integer from ${spec.minimum} to ${spec.maximum}`;
    case 'boolean':
      return 'true or false';
    case 'position':
      return '"top", "bottom" or an index from the top (an integer of at least 0)';
    case 'array':
      return `an array of ${spec.minItems ?? 0} to ${spec.maxItems} items`;
    case 'object':
      return 'an object';
  }
};

const problem = (path: string, spec: Spec): ShapeProblem => ({ path, message: `${path} must be ${expected(spec)}` });

const checkValue = (spec: Spec, value: unknown, path: string): ShapeProblem | null => {
  switch (spec.kind) {
    case 'string':
      if (value === null && spec.nullable) return null;
      if (typeof value !== 'string') return problem(path, spec);
      if (spec.values !== undefined) return spec.values.includes(value) ? null : problem(path, spec);
      if (spec.maxLength !== undefined && (value.length === 0 || value.length > spec.maxLength)) return problem(path, spec);
      return spec.pattern === undefined || spec.pattern.test(value) ? null : problem(path, spec);
    case 'integer':
      if (!Number.isInteger(value) || (value as number) < spec.minimum) return problem(path, spec);
      if (spec.maximum !== undefined && (value as number) > spec.maximum) return problem(path, spec);
      return spec.values === undefined || spec.values.includes(value as number) ? null : problem(path, spec);
    case 'boolean':
      return typeof value === 'boolean' ? null : problem(path, spec);
    case 'position':
      return value === 'top' || value === 'bottom' || (Number.isInteger(value) && (value as number) >= 0) ? null : problem(path, spec);
    case 'array': {
      if (!Array.isArray(value) || value.length > spec.maxItems || value.length < (spec.minItems ?? 0)) return problem(path, spec);
      for (let i = 0; i < value.length; i++) {
        const bad = checkValue(spec.items, value[i], `${path}[${i}]`);
        if (bad !== null) return bad;
      }
      return null;
    }
    case 'object':
      return isObject(value) ? checkFields(spec.fields, value, path) : problem(path, spec);
  }
};

/** The first field at fault, in the vocabulary's order, then the first field it does not know. */
const checkFields = (fields: Fields, data: Record<string, unknown>, path: string): ShapeProblem | null => {
  for (const name in fields) {
    const field = fields[name];
    const value = data[name];
    if (value === undefined) {
      if (field.optional) continue;
      return { path: `${path}.${name}`, message: `${path}.${name} is required: it must be ${expected(field.spec)}` };
    }
    const bad = checkValue(field.spec, value, `${path}.${name}`);
    if (bad !== null) return bad;
  }
  for (const name in data) {
    if (!hasOwn.call(fields, name)) return { path: `${path}.${name}`, message: `${path}.${name} is not a field here: remove it` };
  }
  return null;
};

/** The first thing wrong with an event's data against the vocabulary, or null when it is well formed. */
export const shapeProblem = (type: EventType, data: unknown): ShapeProblem | null => {
  if (!isObject(data)) return { path: 'data', message: `data must be an object (the data of a ${type})` };
  return checkFields(vocabulary[type], data, 'data') ?? exclusionProblem(type, data);
};

const exclusionProblem = (type: EventType, data: Record<string, unknown>): ShapeProblem | null => {
  for (const group of exactlyOneOf[type] ?? []) {
    const given = group.filter((name) => data[name] !== undefined);
    if (given.length === 1) continue;
    const names = group.map((name) => `data.${name}`).join(' or ');
    return { path: `data.${given[1] ?? group[0]}`, message: `a ${type} needs exactly one of ${names}, not ${given.length === 0 ? 'neither' : 'both'}` };
  }
  return null;
};

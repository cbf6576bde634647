/**
 * A small declarative description of JSON data: what the event vocabulary (./vocabulary.ts) is
 * written in. The same description is checked by the domain (validate/shape.ts), turned into JSON
 * Schema for the API's OpenAPI document (./json-schema.ts), rendered as docs/reference/events.md's field tables,
 * and typed: `DataOf` is the TypeScript type of the data it accepts.
 */
export type Spec<T = unknown> = (
  | {
      readonly kind: 'string';
      readonly pattern?: RegExp;
      readonly patternHint?: string;
      readonly maxLength?: number;
      readonly nullable?: boolean;
      readonly values?: readonly string[];
      readonly listed?: readonly string[];
    }
  | { readonly kind: 'integer'; readonly minimum: number; readonly maximum?: number; readonly values?: readonly number[] }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'position' }
  | { readonly kind: 'array'; readonly items: Spec; readonly minItems?: number; readonly maxItems: number }
  | { readonly kind: 'object'; readonly fields: Fields; readonly name?: string }
) & { readonly __type?: T };

export interface Field<T = unknown, Optional extends boolean = boolean> {
  readonly spec: Spec<T>;
  readonly optional: Optional;
  readonly doc?: string;
}

export type Fields = Readonly<Record<string, Field>>;

type TypeOf<S> = S extends Spec<infer T> ? T : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The TypeScript type of the data a set of fields accepts. */
export type DataOf<F extends Fields> = Simplify<
  { readonly [K in keyof F as F[K] extends Field<unknown, false> ? K : never]: TypeOf<F[K]['spec']> } & {
    readonly [K in keyof F as F[K] extends Field<unknown, false> ? never : K]?: TypeOf<F[K]['spec']>;
  }
>;

interface TextOptions {
  readonly pattern?: RegExp;
  /** what the pattern asks for, in words: "must be …" */
  readonly patternHint?: string;
  readonly maxLength?: number;
  /** the values the schema and docs list; the domain checks membership itself, with its own code (e.g. UNKNOWN_GAME) */
  readonly listed?: readonly string[];
}

export const text = <T extends string = string>(options: TextOptions = {}): Spec<T> => ({ kind: 'string', ...options });
export const textOrNull = (options: TextOptions = {}): Spec<string | null> => ({ kind: 'string', nullable: true, ...options });
export const oneOf = <const V extends readonly string[]>(...values: V): Spec<V[number]> => ({ kind: 'string', values });
export const integer = (minimum = 0, maximum?: number): Spec<number> => ({ kind: 'integer', minimum, ...(maximum !== undefined && { maximum }) });
export const integerOf = <const V extends readonly number[]>(...values: V): Spec<V[number]> => ({ kind: 'integer', minimum: Math.min(...values), values });
export const boolean = (): Spec<boolean> => ({ kind: 'boolean' });
/** "top", "bottom" or an index from the top (0 = top) */
export const position = (): Spec<'top' | 'bottom' | number> => ({ kind: 'position' });
export const list = <T>(items: Spec<T>, maxItems: number, minItems?: number): Spec<readonly T[]> => ({
  kind: 'array',
  items,
  maxItems,
  ...(minItems !== undefined && { minItems }),
});
export const object = <F extends Fields>(fields: F, name?: string): Spec<DataOf<F>> => ({ kind: 'object', fields, ...(name !== undefined && { name }) });

export const required = <T>(spec: Spec<T>, doc?: string): Field<T, false> => ({ spec, optional: false, ...(doc !== undefined && { doc }) });
export const optional = <T>(spec: Spec<T>, doc?: string): Field<T, true> => ({ spec, optional: true, ...(doc !== undefined && { doc }) });

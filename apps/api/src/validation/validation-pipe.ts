import { ArgumentMetadata, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { FieldProblem, ValidationFailed } from '@matchlog/matches';

/** class-validator's tree of errors as a flat list: one entry per broken constraint, with its dotted path (also in the message, as Nest writes it). */
export const fieldProblems = (errors: readonly ValidationError[], parent = ''): FieldProblem[] =>
  errors.flatMap((error) => {
    const path = parent === '' ? error.property : `${parent}.${error.property}`;
    const own = Object.values(error.constraints ?? {}).map((constraint) => ({ path, message: parent === '' ? constraint : `${parent}.${constraint}` }));
    return [...own, ...fieldProblems(error.children ?? [], path)];
  });

/** Whitelisted DTOs, answered as VALIDATION_FAILED with every field at fault. */
export const validationOptions: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: (errors) => new ValidationFailed(fieldProblems(errors)),
};

/** A DTO whose body a plain function checks on the hot path, reporting what class-validator would for it. */
export interface CheckedByHand {
  problemsOf(body: unknown): FieldProblem[];
}

/** Keys the ValidationPipe never hands on: Nest strips `prototype` and `constructor`, class-transformer skips the names of Object.prototype's members. */
const DROPPED_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** Drops those keys at every depth, in place, as the ValidationPipe does before anything reads a body. */
export const dropPrototypeKeys = (value: unknown): void => {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) dropPrototypeKeys(item);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (DROPPED_KEYS.has(key)) delete record[key];
    else dropPrototypeKeys(record[key]);
  }
};

/** The global ValidationPipe; a body whose DTO is `CheckedByHand` (AppendEventsDto) skips class-transformer and class-validator. */
export class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const byHand = metadata.type === 'body' ? (metadata.metatype as Partial<CheckedByHand> | undefined)?.problemsOf : undefined;
    if (byHand === undefined) return super.transform(value, metadata);
    dropPrototypeKeys(value);
    const problems = byHand(value);
    if (problems.length > 0) throw new ValidationFailed(problems);
    return value;
  }
}

export const validationPipe = (): ValidationPipe => new ApiValidationPipe(validationOptions);

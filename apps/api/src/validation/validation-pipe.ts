import { ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
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

/** The global ValidationPipe, for the DTO classes (the append body has a route schema instead: schemas/). */
export const validationPipe = (): ValidationPipe => new ValidationPipe(validationOptions);

import { EventType, eventTypes } from '@matchlog/domain';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import {
  ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Min, Validate, ValidateNested,
  ValidationArguments, ValidationError, ValidatorConstraint, ValidatorConstraintInterface, validateSync,
} from 'class-validator';
import { Type } from 'class-transformer';
import { eventDataDtos } from './event-data.dto';
import { ID } from './match-created.dto';

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

const messagesOf = (errors: readonly ValidationError[], path: string): string[] =>
  errors.flatMap((error) => [
    ...Object.values(error.constraints ?? {}).map((message) => `${path}.${message}`),
    ...messagesOf(error.children ?? [], `${path}.${error.property}`),
  ]);

/** What is wrong with `data` for an event of this type: its DTO's messages, with full paths. */
export const eventDataProblems = (type: unknown, data: unknown): string[] => {
  if (!eventTypes.includes(type as EventType)) return [];
  if (!isObject(data)) return ['data must be an object'];
  const dto = plainToInstance(eventDataDtos[type as EventType] as new () => object, data);
  return messagesOf(validateSync(dto, { whitelist: true, forbidNonWhitelisted: true }), 'data').map((m) => m.replace(/^data\.data\./, 'data.'));
};

@ValidatorConstraint({ name: 'eventData' })
class EventDataMatchesType implements ValidatorConstraintInterface {
  validate(data: unknown, args: ValidationArguments): boolean {
    return eventDataProblems((args.object as EventDto).type, data).length === 0;
  }
  defaultMessage(args: ValidationArguments): string {
    return eventDataProblems((args.object as EventDto).type, args.value).join('; ');
  }
}

@ApiExtraModels(...Object.values(eventDataDtos))
export class EventDto {
  @ApiPropertyOptional({ description: 'your id for the event, for idempotent retries; generated when absent', example: 'table12-000042' })
  @IsOptional()
  @IsString()
  @Matches(ID, { message: '$property must be 1-128 letters, digits, ".", "_", ":" or "-"' })
  id?: string;

  @ApiProperty({ enum: eventTypes })
  @IsIn(eventTypes, { message: `$property must be one of: ${eventTypes.join(', ')}` })
  type!: EventType;

  @ApiProperty({ description: 'the data of an event of this type (docs/events.md)', oneOf: Object.values(eventDataDtos).map((dto) => ({ $ref: getSchemaPath(dto) })) })
  @Validate(EventDataMatchesType)
  data!: Record<string, unknown>;
}

export class AppendEventsDto {
  @ApiProperty({ minimum: 0, example: 1, description: "the match's revision you appended after: its number of events so far" })
  @IsInt()
  @Min(0)
  expectedRevision!: number;

  @ApiProperty({ type: [EventDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => EventDto)
  events!: EventDto[];
}

import { EventType, eventTypes } from '@matchlog/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsOptional, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { anyEventData } from '../openapi/event-schemas';
import { appendEnvelopeProblems } from '../validation/append-envelope';
import { IsId } from './is-id';

/** An event of a batch: its envelope. The domain checks `data` against the event vocabulary (422 MALFORMED_EVENT). */
export class EventDto {
  @ApiPropertyOptional({ description: 'your id for the event, for idempotent retries; generated when absent', example: 'table12-000042' })
  @IsOptional()
  @IsId()
  id?: string;

  @ApiProperty({ enum: eventTypes })
  @IsIn(eventTypes, { message: `$property must be one of: ${eventTypes.join(', ')}` })
  type!: EventType;

  @ApiProperty({ description: 'the data of an event of this type (docs/events.md)', ...anyEventData })
  @IsObject()
  data!: Record<string, unknown>;
}

/**
 * The append body. The decorators declare it (OpenAPI) and are the reference; on the append path
 * `problemsOf` checks it by hand with the same problems (append-envelope.ts, docs/performance.md).
 */
export class AppendEventsDto {
  static readonly problemsOf = appendEnvelopeProblems;

  @ApiProperty({ minimum: 0, example: 1, description: "the match's revision you appended after: its number of events so far" })
  @IsInt()
  @Min(0)
  expectedRevision!: number;

  @ApiProperty({ type: [EventDto] })
  @IsArray()
  @IsObject({ each: true, message: 'each of events must be an object { id?, type, data }' })
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => EventDto)
  events!: EventDto[];
}

import { EventType, eventTypes } from '@matchlog/domain';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsOptional, Min, ValidateIf, ValidateNested } from 'class-validator';
import { Transform, Type } from 'class-transformer';
import { eventDataDtos } from './event-data.dto';
import { IsId } from './is-id';

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `data` as an instance of its event type's DTO, so the global ValidationPipe checks it field by field. */
const toEventData = ({ value, obj }: { value: unknown; obj: { type?: unknown } }): unknown =>
  isObject(value) && eventTypes.includes(obj.type as EventType) ? plainToInstance(eventDataDtos[obj.type as EventType] as new () => object, value) : value;

@ApiExtraModels(...Object.values(eventDataDtos))
export class EventDto {
  @ApiPropertyOptional({ description: 'your id for the event, for idempotent retries; generated when absent', example: 'table12-000042' })
  @IsOptional()
  @IsId()
  id?: string;

  @ApiProperty({ enum: eventTypes })
  @IsIn(eventTypes, { message: `$property must be one of: ${eventTypes.join(', ')}` })
  type!: EventType;

  @ApiProperty({ description: 'the data of an event of this type (docs/events.md)', oneOf: Object.values(eventDataDtos).map((dto) => ({ $ref: getSchemaPath(dto) })) })
  @ValidateIf((event: EventDto) => eventTypes.includes(event.type))
  @IsObject()
  @ValidateNested()
  @Transform(toEventData)
  data!: Record<string, unknown>;
}

export class AppendEventsDto {
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

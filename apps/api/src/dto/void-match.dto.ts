import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class VoidMatchDto {
  @ApiProperty({ example: 'recorded twice', description: 'why the match is void; every audience reads it (MatchVoided.reason)', minLength: 1, maxLength: 500 })
  @IsString()
  @Length(1, 500, { message: 'reason must say in 1 to 500 characters why the match is void, e.g. "recorded twice"' })
  reason!: string;
}

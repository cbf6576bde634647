import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches } from 'class-validator';
import { ID } from './is-id';

export class ReissueTokensDto {
  @ApiProperty({ type: [String], example: ['p1', 'judge'], description: '"judge", "recorder" and/or player ids of the match' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(64)
  @IsString({ each: true })
  @Matches(ID, { each: true, message: 'each of roles must be "judge", "recorder" or a player id' })
  roles!: string[];
}

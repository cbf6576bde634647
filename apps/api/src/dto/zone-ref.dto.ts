import { ZoneRef } from '@matchlog/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';

export const ZONE_NAME = /^[a-z][a-z-]{0,31}$/;

export class ZoneRefDto implements ZoneRef {
  @ApiProperty({ example: 'hand', description: 'a zone name of the game (docs/events.md)' })
  @IsString()
  @Matches(ZONE_NAME, { message: '$property must be a zone name in kebab-case, e.g. hand' })
  zone!: string;

  @ApiPropertyOptional({ example: 'p1', description: "the player whose zone it is; absent for shared zones" })
  @IsOptional()
  @IsString()
  player?: string;

  @ApiPropertyOptional({ example: 2, description: 'Four Souls slot zones only' })
  @IsOptional()
  @IsInt()
  @Min(1)
  slot?: number;
}

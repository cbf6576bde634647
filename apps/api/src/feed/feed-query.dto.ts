import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Min } from 'class-validator';

export class LiveFeedQuery {
  @ApiPropertyOptional({ default: 'public', description: 'public, broadcast (where the match has one), a player id, or judge' })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  audience?: string;
  @ApiPropertyOptional({ minimum: 0, description: 'resume after this revision (Last-Event-ID wins when both are sent); absent: start from the view' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  from?: number;
}

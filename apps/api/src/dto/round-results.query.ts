import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Min } from 'class-validator';
import { AfterQuery, NO_CONTROL_CHARACTERS } from './queries.dto';

export class RoundResultsQuery extends AfterQuery {
  @ApiProperty({ description: 'tournament event name, as MatchCreated.tournament.event gives it' })
  @IsString()
  @Length(1, 200)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'event must be text without control characters (such as NUL)' })
  event!: string;
  @ApiProperty({ minimum: 0 }) @Type(() => Number) @IsInt() @Min(0) round!: number;
  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json', description: 'csv: one row per table, for pairing software' }) @IsOptional() @IsIn(['json', 'csv']) format?:
    'json' | 'csv';
}

import { rulesets } from '@matchlog/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { AfterQuery, NO_CONTROL_CHARACTERS } from './queries.dto';

/**
 * The statistics' filters. `format` is the tournament format (MatchCreated.tournament.format), as the issue's
 * filter names it; the answer's own format is `output` (json or csv), or an Accept header of text/csv.
 */
export class StatsQueryDto extends AfterQuery {
  @ApiProperty({ enum: Object.keys(rulesets), description: 'the game whose matches are counted' }) @IsIn(Object.keys(rulesets)) game!: string;
  @ApiPropertyOptional({ description: 'only this tournament event (MatchCreated.tournament.event, whole, as recorded)' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'event must be text without control characters (such as NUL)' })
  event?: string;
  @ApiPropertyOptional({ description: 'only this tournament format (MatchCreated.tournament.format, e.g. constructed)' })
  @IsOptional()
  @Matches(/^[a-z][a-z0-9-]{0,31}$/, { message: 'format must be a format name in kebab-case, e.g. constructed (for CSV, use output=csv)' })
  format?: string;
  @ApiPropertyOptional({ description: 'only matches that ended on this day (UTC) or later: YYYY-MM-DD' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'since must be a day, YYYY-MM-DD' })
  since?: string;
  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json', description: 'csv: text/csv, one row per line of the table (also with Accept: text/csv)' })
  @IsOptional()
  @IsIn(['json', 'csv'])
  output?: 'json' | 'csv';
}

export class CardStatsQueryDto extends StatsQueryDto {
  @ApiPropertyOptional({
    minimum: 1,
    default: 20,
    description: "the organizer's K: with the organizer key and event, the event's figures need at least this many players (and every match of the event over)",
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100000)
  minPlayers?: number;
  @ApiPropertyOptional({
    enum: ['cards', 'own', 'event'],
    default: 'cards',
    description: "which table output=csv gives: the public cards, the player's own (player token) or the event's (organizer key)",
  })
  @IsOptional()
  @IsIn(['cards', 'own', 'event'])
  table?: 'cards' | 'own' | 'event';
}

import { rulesets } from '@matchlog/domain';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';

/** A search text: PostgreSQL's text holds no NUL, and no name holds a control character. */
export const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;

/** A catalog read's read-your-writes: the position an append answered with. */
export const AFTER_DESCRIPTION =
  "a position an append answered with (its response's position): the answer includes that append. Without it, the answer includes every append acknowledged before this request (on any instance), at the cost of one read of the store's head";

export class AfterQuery {
  @ApiPropertyOptional({ minimum: 0, description: AFTER_DESCRIPTION }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER) after?: number;
}

export class ListMatchesQuery extends AfterQuery {
  @ApiPropertyOptional({
    description:
      'matches this player played: their seat id (whole, as typed), or part of their name in any case, accents optional ("ana" finds "Ana Ortiz", "jose" finds "José"); % and _ are matched as themselves',
  })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'player must be text without control characters (such as NUL)' })
  player?: string;
  @ApiPropertyOptional({ enum: Object.keys(rulesets) }) @IsOptional() @IsIn(Object.keys(rulesets)) game?: string;
  @ApiPropertyOptional({
    description: 'part of the tournament event\'s name, in any case, accents optional ("example cup" finds "Example Cup"); % and _ are matched as themselves',
  })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'event must be text without control characters (such as NUL)' })
  event?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(0) round?: number;
  @ApiPropertyOptional({ enum: ['live', 'ended'] }) @IsOptional() @IsIn(['live', 'ended']) status?: 'live' | 'ended';
  @ApiPropertyOptional({ description: 'started at or after (ISO 8601)' }) @IsOptional() @IsISO8601() from?: string;
  @ApiPropertyOptional({ description: 'started before (ISO 8601)' }) @IsOptional() @IsISO8601() to?: string;
  @ApiPropertyOptional({ description: 'nextCursor of the previous page' }) @IsOptional() @IsString() @Length(1, 500) cursor?: string;
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
}

export class AtQuery {
  @ApiPropertyOptional({ minimum: 0, description: 'the revision (number of events) to look at; the latest when absent' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  at?: number;
}

export class QueueQuery extends AtQuery {
  @ApiPropertyOptional({
    default: 'public',
    description: 'public, broadcast (where the match has one), a player id, or judge: whose view of the queue (the sources it can identify)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  audience?: string;
}

export class ObservationsQuery {
  @ApiPropertyOptional({ default: 'public', description: 'public, broadcast (where the match has one), a player id, or judge' })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  audience?: string;
  @ApiPropertyOptional({ minimum: 0, description: 'observations after this revision (default 0)' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) from?: number;
  @ApiPropertyOptional({ minimum: 0, description: 'up to this revision (default: the latest)' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) to?: number;
}

/** POST /matches/import/tcg-online: which game of its series the replay is, which the replay itself does not say. */
export class TcgOnlineImportQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 99, description: "which game of the series (the replay's matchId) this is: 1, 2, 3 …" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(99)
  game?: number;
  @ApiPropertyOptional({ enum: [1, 3, 5], description: 'how many games the series is the best of (default 3)' })
  @IsOptional()
  @Type(() => Number)
  @IsIn([1, 3, 5])
  bestOf?: 1 | 3 | 5;
}

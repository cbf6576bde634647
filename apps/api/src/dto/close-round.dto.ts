import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Length, Matches, Max, Min } from 'class-validator';
import { NO_CONTROL_CHARACTERS } from './queries.dto';

/** POST /rounds/close: the round, as GET /rounds/results names it. */
export class CloseRoundDto {
  @ApiProperty({ description: 'tournament event name, as MatchCreated.tournament.event gives it', minLength: 1, maxLength: 200 })
  @IsString()
  @Length(1, 200)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'event must be text without control characters (such as NUL)' })
  event!: string;
  @ApiProperty({ minimum: 0 }) @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER) round!: number;
}

/** GET /rounds/log: the round. */
export class RoundLogQuery {
  @ApiProperty({ description: 'tournament event name, as MatchCreated.tournament.event gives it' })
  @IsString()
  @Length(1, 200)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'event must be text without control characters (such as NUL)' })
  event!: string;
  @ApiProperty({ minimum: 0 }) @Type(() => Number) @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER) round!: number;
}

/** GET /rounds/log/proof: the round's entry by its slip hash. */
export class RoundProofQuery extends RoundLogQuery {
  @ApiProperty({ description: 'the slip hash (sha256, lowercase hex) the entry names', pattern: '^[0-9a-f]{64}$' })
  @Matches(/^[0-9a-f]{64}$/, { message: 'slip must be a sha256 in lowercase hex (64 characters)' })
  slip!: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { IsId } from './is-id';
import { NO_CONTROL_CHARACTERS } from './queries.dto';

const NoControl = (field: string) => Matches(NO_CONTROL_CHARACTERS, { message: `${field} must be text without control characters (such as NUL)` });

export class CallJudgeDto {
  @ApiProperty({ minimum: 0, example: 42, description: 'the revision the call is about: 0 up to the match revision now' })
  @IsInt({ message: 'at must be a whole revision number, e.g. 42' })
  @Min(0)
  at!: number;
  @ApiProperty({
    minLength: 1,
    maxLength: 200,
    example: 'my opponent drew two cards',
    description: 'read by the judge and the caller only; it must name no card hidden from the caller',
  })
  @IsString()
  @Length(1, 200, { message: 'reason must say in 1 to 200 characters why a judge is called' })
  @NoControl('reason')
  reason!: string;
  @ApiPropertyOptional({ description: 'an id of your own, so a retry is answered as the first request (default: the server draws one)' })
  @IsOptional()
  @IsId()
  callId?: string;
  @ApiPropertyOptional({ description: 'the organizer key only: who called, a player id of the match or "recorder" (default "recorder"); a token calls as its own seat' })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  by?: string;
}

export class CallActionDto {
  @ApiProperty({ minLength: 1, maxLength: 60, example: 'Hugo', description: "the judge's name as typed at the desk (judge-only)" })
  @IsString()
  @Length(1, 60, { message: "judge must be the judge's name, 1 to 60 characters" })
  @NoControl('judge')
  judge!: string;
  @ApiPropertyOptional({ maxLength: 200, description: 'escalate only: why the call goes to the head judge (judge-only)' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @NoControl('reason')
  reason?: string;
}

export class RulingDto {
  @ApiPropertyOptional({ description: 'an id of your own, so a retry is answered as the first request' }) @IsOptional() @IsId() rulingId?: string;
  @ApiPropertyOptional({ description: 'the call the ruling answers' }) @IsOptional() @IsId() callId?: string;
  @ApiProperty({ description: 'the penalized player id' }) @IsString() @Length(1, 128) player!: string;
  @ApiProperty({ maxLength: 200, example: 'Seeing Extra Cards', description: 'the players read it' })
  @IsString()
  @Length(1, 200)
  @NoControl('infraction')
  infraction!: string;
  @ApiPropertyOptional({ maxLength: 60 }) @IsOptional() @IsString() @Length(1, 60) @NoControl('category') category?: string;
  @ApiProperty({ maxLength: 60, example: 'Warning', description: "one of the match's game's penalties (GET /desk/penalties)" })
  @IsString()
  @Length(1, 60)
  @NoControl('penalty')
  penalty!: string;
  @ApiPropertyOptional({ maxLength: 500, description: 'the players read it' }) @IsOptional() @IsString() @Length(1, 500) @NoControl('remedy') remedy?: string;
  @ApiPropertyOptional({ maxLength: 2000, description: "the judge's own words: judge-only" }) @IsOptional() @IsString() @Length(1, 2000) text?: string;
  @ApiPropertyOptional({ minimum: 1, maximum: 3600, description: 'a time extension: a TimeExtended with the reason "a judge\'s ruling" is appended with the ruling' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3600)
  seconds?: number;
  @ApiPropertyOptional({ maxLength: 200, description: 'the published document and section cited' }) @IsOptional() @IsString() @Length(1, 200) @NoControl('source') source?: string;
  @ApiProperty({ maxLength: 60, description: "the judge's name as typed at the desk (judge-only)" }) @IsString() @Length(1, 60) @NoControl('judge') judge!: string;
}

export class NoteDto {
  @ApiPropertyOptional({ description: 'an id of your own, so a retry is answered as the first request' }) @IsOptional() @IsId() noteId?: string;
  @ApiProperty({ minimum: 0, description: 'the revision the note is about' }) @IsInt() @Min(0) at!: number;
  @ApiProperty({ maxLength: 2000 }) @IsString() @Length(1, 2000) text!: string;
  @ApiPropertyOptional({ default: false, description: 'true: every audience reads the note; false: judge-only' }) @IsOptional() @IsBoolean() published?: boolean;
}

export class DeskEventQuery {
  @ApiProperty({ description: 'tournament event name, as MatchCreated.tournament.event gives it' })
  @IsString()
  @Length(1, 200)
  @NoControl('event')
  event!: string;
}

export class DeskCallsQuery extends DeskEventQuery {
  @ApiPropertyOptional({ enum: ['open', 'all'], default: 'open', description: 'open: every call not resolved' })
  @IsOptional()
  @IsIn(['open', 'all'])
  status?: 'open' | 'all';
}

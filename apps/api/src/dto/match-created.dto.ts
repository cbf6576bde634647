import { GameId, MatchCreated, rulesets } from '@matchlog/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Min, ValidateIf, ValidateNested } from 'class-validator';
import { IsId } from './is-id';
import { ZoneRefDto } from './zone-ref.dto';


export class PlayerSeatDto {
  @ApiProperty({ example: 'p1' })
  @IsId()
  id!: string;

  @ApiPropertyOptional({ example: 'Ada' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;
}

export class StartingCardDto {
  @ApiProperty({ example: 'c17', description: "the recorder's id for this physical card; only the judge ever sees it" })
  @IsId()
  cardId!: string;

  @ApiProperty({ example: 'p1', nullable: true, description: 'null for shared cards (Four Souls decks)' })
  @ValidateIf((_, value) => value !== null)
  @IsString()
  owner!: string | null;

  @ApiProperty({ example: 'Ariel - On Human Legs' })
  @IsString()
  @Length(1, 200)
  definition!: string;

  @ApiProperty({ type: ZoneRefDto })
  @ValidateNested()
  @Type(() => ZoneRefDto)
  zone!: ZoneRefDto;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  faceDown?: boolean;
}

export class TournamentDto {
  @ApiPropertyOptional({ example: 'Regional Championship Lyon' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  event?: string;

  @ApiPropertyOptional({ example: 3 })
  @IsOptional()
  @IsInt()
  @Min(0)
  round?: number;

  @ApiPropertyOptional({ example: 12 })
  @IsOptional()
  @IsInt()
  @Min(0)
  table?: number;
}

/** A MatchCreated event's data. */
export class MatchCreatedDataDto {
  @ApiProperty({ enum: Object.keys(rulesets) })
  @IsIn(Object.keys(rulesets))
  game!: GameId;

  @ApiProperty({ type: [PlayerSeatDto], description: 'in turn order' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  @ValidateNested({ each: true })
  @Type(() => PlayerSeatDto)
  players!: PlayerSeatDto[];

  @ApiProperty({ type: [StartingCardDto], description: 'every physical card in its starting zone; ordered zones top first' })
  @IsArray()
  @ArrayMaxSize(2000)
  @ValidateNested({ each: true })
  @Type(() => StartingCardDto)
  cards!: StartingCardDto[];

  @ApiPropertyOptional({ type: TournamentDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => TournamentDto)
  tournament?: TournamentDto;

  @ApiPropertyOptional({
    description: "true: when the match ends, spectators too get every shuffle's order and salt (every deck list). Otherwise only the players and the judge do, to check the shuffles' commitments",
  })
  @IsOptional()
  @IsBoolean()
  publicDeckLists?: boolean;
}

/** The body of POST /matches: a MatchCreated event's data, and optionally the match id. */
export class CreateMatchDto extends MatchCreatedDataDto {
  @ApiPropertyOptional({ example: 'lyon-r3-t12', description: 'generated (a UUID) when absent' })
  @IsOptional()
  @IsId()
  matchId?: string;

  @ApiPropertyOptional({ description: 'the MatchCreated event id, for idempotent retries; generated when absent' })
  @IsOptional()
  @IsId()
  eventId?: string;
}

export const toMatchCreated = ({ game, players, cards, tournament, publicDeckLists }: MatchCreatedDataDto): MatchCreated => ({
  game,
  players: players.map(({ id, name }) => ({ id, ...(name !== undefined && { name }) })),
  cards: cards.map(({ cardId, owner, definition, zone, faceDown }) => ({ cardId, owner, definition, zone: { ...zone }, ...(faceDown !== undefined && { faceDown }) })),
  ...(tournament && { tournament: { ...tournament } }),
  ...(publicDeckLists !== undefined && { publicDeckLists }),
});

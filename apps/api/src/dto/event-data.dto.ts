import { EventType } from '@matchlog/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Min, ValidateIf, ValidateNested } from 'class-validator';
import { MatchCreatedDataDto } from './match-created.dto';
import { ZoneRefDto } from './zone-ref.dto';

const MAX_IDS = 500;

/** A position in an ordered zone: "top", "bottom" or an index from the top (0 = top). */
const isPosition = (value: unknown) => value === 'top' || value === 'bottom' || (Number.isInteger(value) && (value as number) >= 0);

export class CardMovedDto {
  @ApiProperty({ example: 'c17' }) @IsString() cardId!: string;
  @ApiProperty({ type: ZoneRefDto }) @ValidateNested() @Type(() => ZoneRefDto) from!: ZoneRefDto;
  @ApiProperty({ type: ZoneRefDto }) @ValidateNested() @Type(() => ZoneRefDto) to!: ZoneRefDto;
  @ApiPropertyOptional({ oneOf: [{ type: 'string', enum: ['top', 'bottom'] }, { type: 'integer', minimum: 0 }], description: 'default bottom' })
  @IsOptional()
  @ValidateIf((_, value) => !isPosition(value))
  @IsIn(['top', 'bottom'], { message: '$property must be "top", "bottom" or an index from the top' })
  position?: 'top' | 'bottom' | number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() faceDown?: boolean;
  @ApiPropertyOptional({ example: 'banished' }) @IsOptional() @IsString() @Length(1, 200) reason?: string;
  @ApiPropertyOptional({ description: 'the card whose effect made the move' }) @IsOptional() @IsString() source?: string;
  @ApiPropertyOptional({ example: 'Cosmic Bolt', description: 'the characteristic of the card the effect specified; it must be revealed before entering a private zone (Grand Archive)' })
  @IsOptional() @IsString() @Length(1, 200) characteristic?: string;
}

export class CardsMovedDto {
  @ApiProperty({ type: [CardMovedDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_IDS)
  @ValidateNested({ each: true })
  @Type(() => CardMovedDto)
  moves!: CardMovedDto[];
}

export class ZoneShuffledDto {
  @ApiProperty({ type: ZoneRefDto }) @ValidateNested() @Type(() => ZoneRefDto) zone!: ZoneRefDto;
  @ApiProperty({ type: [String], description: 'the resulting order, top first' })
  @IsArray() @ArrayMaxSize(2000) @IsString({ each: true }) order!: string[];
  @ApiPropertyOptional({ description: 'hex; judge-only until MatchEnded discloses it to the players (and to spectators with publicDeckLists). The server draws one when absent' })
  @IsOptional() @IsString() @Matches(/^[0-9a-f]{32,128}$/, { message: '$property must be 32 to 128 lowercase hex digits' }) salt?: string;
  @ApiPropertyOptional({ description: 'sha256 hex over canonical JSON { zone, order: definitions top first, salt }; the server computes it when absent' })
  @IsOptional() @IsString() @Matches(/^[0-9a-f]{64}$/, { message: '$property must be 64 lowercase hex digits (SHA-256)' }) commitment?: string;
}

export class CardsRevealedDto {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_IDS) @IsString({ each: true }) cardIds!: string[];
  @ApiPropertyOptional({ type: [String], description: 'players it is revealed to; everyone when absent' })
  @IsOptional() @IsArray() @IsString({ each: true }) to?: string[];
}

export class CardsLookedAtDto {
  @ApiProperty({ example: 'p1' }) @IsString() player!: string;
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_IDS) @IsString({ each: true }) cardIds!: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() source?: string;
}

export class CardStatusChangedDto {
  @ApiProperty() @IsString() cardId!: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() exerted?: boolean;
  @ApiPropertyOptional({ minimum: 0 }) @IsOptional() @IsInt() @Min(0) damage?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() faceDown?: boolean;
}

export class ControlChangedDto {
  @ApiProperty() @IsString() cardId!: string;
  @ApiProperty() @IsString() controller!: string;
}

export class TurnStartedDto {
  @ApiProperty() @IsString() player!: string;
  @ApiProperty({ minimum: 0 }) @IsInt() @Min(0) turn!: number;
}

export class EffectStartedDto {
  @ApiProperty() @IsString() effectId!: string;
  @ApiProperty() @IsString() player!: string;
  @ApiProperty({ enum: ['action', 'ability'] }) @IsIn(['action', 'ability']) kind!: 'action' | 'ability';
  @ApiPropertyOptional() @IsOptional() @IsString() sourceCardId?: string;
}

export class EffectResolvedDto {
  @ApiProperty() @IsString() effectId!: string;
}

export class TriggerAddedDto {
  @ApiProperty() @IsString() triggerId!: string;
  @ApiProperty() @IsString() player!: string;
  @ApiProperty() @IsString() sourceCardId!: string;
  @ApiProperty({ example: 'Thanks For Volunteering' }) @IsString() @Length(1, 500) ability!: string;
  @ApiPropertyOptional({ example: 'triggered', description: 'default "triggered"; the Lorcana bag takes nothing else (7.7.2)' })
  @IsOptional() @IsString() kind?: string;
  @ApiPropertyOptional({ type: [String], description: 'the cards it targets (card ids); a target that changes zone makes it fizzle (Four Souls "Game Zones")' })
  @IsOptional() @IsArray() @ArrayMaxSize(MAX_IDS) @IsString({ each: true }) targets?: string[];
}

export class TriggerResolvedDto {
  @ApiProperty() @IsString() triggerId!: string;
  @ApiProperty({ description: 'who resolved it' }) @IsString() player!: string;
}

export class TriggerRemovedDto {
  @ApiProperty() @IsString() triggerId!: string;
  @ApiProperty({ example: 'fizzled' }) @IsString() @Length(1, 200) reason!: string;
}

export class SearchPerformedDto {
  @ApiProperty() @IsString() player!: string;
  @ApiProperty({ type: ZoneRefDto }) @ValidateNested() @Type(() => ZoneRefDto) zone!: ZoneRefDto;
  @ApiPropertyOptional() @IsOptional() @IsString() @Length(1, 500) criteria?: string;
  @ApiProperty({ nullable: true, type: String, description: 'null: failed to find (7.1.4)' })
  @ValidateIf((_, value) => value !== null) @IsString() found!: string | null;
}

export class PlayerLeftDto {
  @ApiProperty() @IsString() player!: string;
}

export class MatchEndedDto {
  @ApiPropertyOptional() @IsOptional() @IsString() winner?: string;
  @ApiProperty({ example: 'p1 reached 20 lore' }) @IsString() @Length(1, 500) reason!: string;
}

/** The DTO of each event type's data: docs/events.md, as class-validator checks it. */
export const eventDataDtos = {
  MatchCreated: MatchCreatedDataDto,
  CardMoved: CardMovedDto,
  CardsMoved: CardsMovedDto,
  ZoneShuffled: ZoneShuffledDto,
  CardsRevealed: CardsRevealedDto,
  CardsLookedAt: CardsLookedAtDto,
  CardStatusChanged: CardStatusChangedDto,
  ControlChanged: ControlChangedDto,
  TurnStarted: TurnStartedDto,
  EffectStarted: EffectStartedDto,
  EffectResolved: EffectResolvedDto,
  TriggerAdded: TriggerAddedDto,
  TriggerResolved: TriggerResolvedDto,
  TriggerRemoved: TriggerRemovedDto,
  SearchPerformed: SearchPerformedDto,
  PlayerLeft: PlayerLeftDto,
  MatchEnded: MatchEndedDto,
} satisfies Record<EventType, new () => object>;

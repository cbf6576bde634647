import { MatchCreated } from '@matchlog/domain';
import { Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { IsOptional, validateSync } from 'class-validator';
import { DeckLists, FourSoulsSetup, ValidationFailed } from '@matchlog/matches';
import { fieldProblems } from '../validation/validation-pipe';
import { IsDeckLists } from './is-deck-lists';
import { IsFourSoulsSetup } from './four-souls-setup.dto';
import { IsId } from './is-id';

/** The envelope of POST /matches: the ids and the deck lists as text beside the MatchCreated's data. */
export class CreateMatchIds {
  @IsOptional() @IsId() matchId?: string;
  @IsOptional() @IsId() eventId?: string;
  @IsOptional() @IsDeckLists() deckLists?: DeckLists;
  @IsOptional() @IsFourSoulsSetup() setup?: FourSoulsSetup;
}

export interface CreateMatchRequest {
  readonly matchId?: string;
  readonly eventId?: string;
  /** each player's deck list as text, by player id (Lorcana): added to data.cards by matchCreatedWithDecks */
  readonly deckLists?: DeckLists;
  /** a Four Souls match's setup: its starting cards and shared list are built by matchCreatedWithSetup */
  readonly setup?: FourSoulsSetup;
  /** unchecked here: the domain checks it against the event vocabulary (422 MALFORMED_EVENT) */
  readonly data: MatchCreated;
}

/** Splits the body of POST /matches into its envelope, checked here (400 VALIDATION_FAILED), and the event's data. */
@Injectable()
export class CreateMatchPipe implements PipeTransform<unknown, CreateMatchRequest> {
  transform(body: unknown): CreateMatchRequest {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ValidationFailed([{ path: '', message: "the body must be a JSON object: a MatchCreated's data, and optionally matchId, eventId and deckLists" }]);
    }
    const { matchId, eventId, deckLists, setup, ...data } = body as Record<string, unknown>;
    const problems = fieldProblems(validateSync(plainToInstance(CreateMatchIds, { matchId, eventId, deckLists, setup })));
    if (problems.length > 0) throw new ValidationFailed(problems);
    return {
      ...(matchId !== undefined && { matchId: matchId as string }),
      ...(eventId !== undefined && { eventId: eventId as string }),
      ...(deckLists !== undefined && { deckLists: deckLists as DeckLists }),
      ...(setup !== undefined && { setup: setup as FourSoulsSetup }),
      data: data as unknown as MatchCreated,
    };
  }
}

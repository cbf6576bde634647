import { MatchPage, MatchSummary, decodeCursor } from '@matchlog/catalog';
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Organizer } from '../auth/requires';
import { CreateMatchPipe, CreateMatchRequest } from '../dto/create-match.dto';
import { ReissueTokensDto } from '../dto/reissue-tokens.dto';
import { VoidMatchDto } from '../dto/void-match.dto';
import { AfterQuery, ListMatchesQuery } from '../dto/queries.dto';
import { Caller, MatchReader, MatchWriter, ValidationFailed, matchCreatedWithDecks, matchCreatedWithSetup } from '@matchlog/matches';
import { CurrentCaller } from '../auth/caller.guard';
import { ApiErrors, BODY_ERRORS, CATALOG_ERRORS, DOMAIN_CODES, ROLE_ERRORS, STORE_ERRORS, TOKEN_ISSUING_ERRORS, WRITE_ERRORS } from '../openapi/api-errors.decorator';
import { createMatchBody } from '../openapi/event-schemas';
import { Returns } from '../openapi/response-schemas';
import { ApiOptionalToken, ApiToken } from '../openapi/security.decorators';

@ApiTags('matches')
@Controller('matches')
export class MatchesController {
  constructor(
    private readonly writer: MatchWriter,
    private readonly reader: MatchReader,
  ) {}

  @Post()
  @Organizer()
  @ApiToken()
  @ApiOperation({
    summary: 'Create a match (organizer key)',
    description:
      "The body is a MatchCreated event's data; a Lorcana deck may instead be given as text in deckLists (one card a line: `4 Elsa - Snow Queen`), a Grand Archive deck as an Omnidex export or a deck site's JSON, named and given printed facts from the game's card table (422 DECK_LIST_UNKNOWN_CARDS lists each line that names no card, with the closest names). A Lorcana or Grand Archive card definition without printed facts gets them from the table when the table has its name once. A Four Souls match may instead be given its setup (characters, starting items, sets, bonus souls): the server builds its shared decks, unnamed, and each player's character and starting item in play (422 DECK_LIST_UNKNOWN_CARDS for a name that names no card). Returns one bearer token per player, one for the judge and one for the recorder (who may append events and read the judge view): they are shown only here. Retried with the same matchId, eventId and body, it answers as the first time, with every token re-issued (the earlier ones stop working).",
  })
  @Returns(201, 'MatchWithTokens')
  @ApiBody({ schema: createMatchBody })
  @ApiErrors(BODY_ERRORS, ROLE_ERRORS, STORE_ERRORS, WRITE_ERRORS, TOKEN_ISSUING_ERRORS, { 409: ['MATCH_ALREADY_EXISTS'], 422: ['DECK_LIST_UNKNOWN_CARDS', ...DOMAIN_CODES] })
  create(@Body(CreateMatchPipe) body: CreateMatchRequest) {
    const created = body.setup !== undefined ? matchCreatedWithSetup(body.data, body.setup, body.deckLists !== undefined) : matchCreatedWithDecks(body.data, body.deckLists);
    return this.writer.create(body.matchId, created, 'organizer', body.eventId);
  }

  @Post(':id/tokens')
  @Organizer()
  @ApiToken()
  @ApiOperation({
    summary: 'Re-issue tokens (organizer key)',
    description: 'New tokens for the roles named ("judge", "recorder", player ids); the old tokens of those roles stop working at once. Shown only here.',
  })
  @Returns(201, 'TokensReissued')
  @ApiErrors(BODY_ERRORS, ROLE_ERRORS, STORE_ERRORS, WRITE_ERRORS, { 404: ['MATCH_NOT_FOUND'] })
  reissueTokens(@Param('id') id: string, @Body() body: ReissueTokensDto) {
    return this.writer.reissue(id, body.roles);
  }

  @Post(':id/void')
  @Organizer()
  @ApiToken()
  @ApiOperation({
    summary: 'Void a match (organizer key)',
    description:
      "Appends a MatchVoided with the reason, during the match or after it ended: the log keeps every event, every audience sees it void, and the round's result slip (GET /rounds/results) lists it as void and counts nothing of it. Once void, a match takes no more events (422 MATCH_VOIDED) and is not voided again (422 MATCH_ALREADY_VOIDED).",
  })
  @Returns(201, 'EventsAppended')
  @ApiErrors(BODY_ERRORS, ROLE_ERRORS, STORE_ERRORS, WRITE_ERRORS, { 404: ['MATCH_NOT_FOUND'], 409: ['REVISION_CONFLICT'], 422: ['MATCH_ALREADY_VOIDED'] })
  voidMatch(@Param('id') id: string, @Body() body: VoidMatchDto) {
    return this.writer.voidMatch(id, body.reason);
  }

  @Get()
  @ApiOptionalToken()
  @ApiOperation({
    summary: 'Match history, newest first, with cursor pagination',
    description:
      "A match created with a broadcastDelay holds back the same window here (unless broadcastDelay.holdBackPublic is false): it is listed once its MatchCreated is past the delay, and its end, void, revision and event count are as of its delayed revision, for anyone but the organizer key and the match's own judge, recorder and player tokens (docs/explanation/architecture.md). " +
      'Read your writes: send ?after= the position of your last append (a 503 CATALOG_BEHIND if the catalog cannot reach it in time).',
  })
  @Returns(200, 'MatchPage')
  @ApiErrors(STORE_ERRORS, CATALOG_ERRORS)
  list(@CurrentCaller() caller: Caller, @Query() query: ListMatchesQuery): Promise<MatchPage> {
    const { cursor, limit = 20, after, ...filter } = query;
    const position = cursor === undefined ? undefined : decodeCursor(cursor);
    if (position === null) throw new ValidationFailed([{ path: 'cursor', message: 'cursor must be a nextCursor this API returned' }]);
    return this.reader.list(caller, filter, limit, position, after);
  }

  @Get(':id')
  @ApiOptionalToken()
  @ApiOperation({
    summary: "A match's catalog entry, with the audiences it has",
    description:
      'audiences: public, broadcast (only where the match was created with broadcastDelay or broadcastAccess), each player id, judge. A match whose broadcastDelay holds its public side back answers as of its delayed revision, and 404 MATCH_NOT_FOUND while its MatchCreated is held back, as GET /matches lists it. Read your writes: ?after= as for GET /matches.',
  })
  @Returns(200, 'MatchDetail')
  @ApiErrors(STORE_ERRORS, CATALOG_ERRORS, { 404: ['MATCH_NOT_FOUND'] })
  get(@CurrentCaller() caller: Caller, @Param('id') id: string, @Query() query: AfterQuery): Promise<MatchSummary & { audiences: string[] }> {
    return this.reader.summary(caller, id, query.after);
  }
}

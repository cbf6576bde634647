import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { answerPolled } from './etag';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, JudgeDesk } from '@matchlog/matches';
import { Organizer } from '../auth/requires';
import { CurrentCaller } from '../auth/caller.guard';
import { DeskCallsQuery, DeskEventQuery } from '../dto/desk.dto';
import { ApiErrors, CATALOG_ERRORS, ROLE_ERRORS, STORE_ERRORS } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';
import { ApiOptionalToken, ApiToken } from '../openapi/security.decorators';

/** The head judge's desk across an event (docs/guides/judging.md). */
@ApiTags('desk')
@Controller('desk')
export class DeskController {
  constructor(private readonly desk: JudgeDesk) {}

  @Get('calls')
  @Organizer()
  @ApiToken()
  @ApiOperation({
    summary: "The event's judge calls, oldest first (the organizer key)",
    description:
      "Every call of the event's matches (the catalog's matches of the event, each match's calls from its log); status=open (default): those not resolved. Poll it: each answer is the desk now.",
  })
  @Returns(200, 'DeskCalls')
  @ApiErrors(ROLE_ERRORS, STORE_ERRORS, CATALOG_ERRORS)
  async calls(
    @CurrentCaller() caller: Caller,
    @Query() query: DeskCallsQuery,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return answerPolled(reply, ifNoneMatch, { calls: await this.desk.eventCalls(caller, query.event, query.status ?? 'open') });
  }

  @Get('history')
  @Organizer()
  @ApiToken()
  @ApiOperation({ summary: "Each player's calls and penalties across the event, by name (the organizer key)", description: 'Never in the statistics.' })
  @Returns(200, 'DeskHistory')
  @ApiErrors(ROLE_ERRORS, STORE_ERRORS, CATALOG_ERRORS)
  async history(@CurrentCaller() caller: Caller, @Query() query: DeskEventQuery) {
    return { event: query.event, players: await this.desk.history(caller, query.event) };
  }

  @Get('penalties')
  @ApiOptionalToken()
  @ApiOperation({
    summary: 'The penalty vocabulary per game (public)',
    description: "Each game's penalties as far as the project has the published text, and the organizer's categories (MATCHLOG_PENALTY_CATEGORIES), which every game accepts.",
  })
  @Returns(200, 'PenaltyVocabulary')
  penalties() {
    return this.desk.penaltyVocabulary();
  }
}

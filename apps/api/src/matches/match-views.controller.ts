import { PUBLIC } from '@matchlog/domain';
import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/caller.guard';
import { CLOCK, Clock } from '../clock';
import { AtQuery, QueueQuery } from '../dto/queries.dto';
import { ApiErrors, ROLE_ERRORS, STORE_ERRORS } from '../openapi/api-errors.decorator';
import { ref } from '../openapi/response-schemas';
import { ApiOptionalToken } from '../openapi/security.decorators';
import { assertMayReadIn, audienceIn, latestFor, revisionUpTo } from './match-access';
import { MatchReplays } from './match-replays';

@ApiTags('views')
@Controller('matches/:id')
export class MatchViewsController {
  constructor(
    private readonly replays: MatchReplays,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The match, the audience checked against the caller, and the revision to show: `at`, or the latest this caller may see. */
  private async readable(caller: Caller, id: string, audience: string, at: number | undefined) {
    const match = await this.replays.load(id);
    const who = audienceIn(match, audience);
    assertMayReadIn(caller, id, match, who);
    return { match, audience: who, revision: revisionUpTo(match, 'at', at, latestFor(caller, id, match, who, this.clock.now())) };
  }

  @Get('views/:audience')
  @ApiOptionalToken()
  @ApiParam({ name: 'audience', description: 'public (no token), broadcast (no token, or a broadcast token where the match says so; behind the match by its broadcastDelay except for the judge and the organizer), a player id (that player\'s token, the judge token or the organizer key) or judge' })
  @ApiOperation({ summary: "An audience's view at a revision", description: 'Every zone with its count and one entry per card (per position in ordered zones); a definition only where the audience can identify the card. Hidden cards carry per-audience handles.' })
  @ApiOkResponse({ description: 'the view (docs/architecture.md): a JudgeView for the judge', schema: { oneOf: [ref('AudienceView'), ref('JudgeView')] } })
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 400: ['VALIDATION_FAILED', 'REVISION_OUT_OF_RANGE'], 403: ['BROADCAST_DELAYED'], 404: ['MATCH_NOT_FOUND', 'AUDIENCE_NOT_FOUND'] })
  async view(@CurrentCaller() caller: Caller, @Param('id') id: string, @Param('audience') audience: string, @Query() query: AtQuery) {
    const readable = await this.readable(caller, id, audience, query.at);
    return readable.match.replay.viewAt(readable.audience, readable.revision);
  }

  @Get('queue')
  @ApiOptionalToken()
  @ApiOperation({ summary: 'The pending bag or stack, with nextChooser (public, like the bag: Lorcana 7.1.2.1)', description: "As `audience` sees it (default public, no token): the same access and broadcast delay as that audience's view." })
  @ApiOkResponse({ schema: ref('QueueAt') })
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 400: ['VALIDATION_FAILED', 'REVISION_OUT_OF_RANGE'], 403: ['BROADCAST_DELAYED'], 404: ['MATCH_NOT_FOUND', 'AUDIENCE_NOT_FOUND'] })
  async queue(@CurrentCaller() caller: Caller, @Param('id') id: string, @Query() query: QueueQuery) {
    const readable = await this.readable(caller, id, query.audience ?? PUBLIC, query.at);
    const view = readable.match.replay.viewAt(readable.audience, readable.revision);
    return { revision: view.revision, activePlayer: view.turn.player, ...view.queue };
  }
}

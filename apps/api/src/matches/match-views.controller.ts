import { AudienceView, PUBLIC } from '@matchlog/domain';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Caller, assertMayRead } from '../auth/caller';
import { CurrentCaller } from '../auth/caller.guard';
import { AtQuery } from '../dto/queries.dto';
import { ApiErrors, ROLE_ERRORS, STORE_ERRORS } from '../openapi/api-errors.decorator';
import { ref } from '../openapi/response-schemas';
import { ApiOptionalToken } from '../openapi/security.decorators';
import { audienceIn, revisionIn } from './match-access';
import { MatchReplays } from './match-replays';

@ApiTags('views')
@Controller('matches/:id')
export class MatchViewsController {
  constructor(private readonly replays: MatchReplays) {}

  @Get('views/:audience')
  @ApiOptionalToken()
  @ApiParam({ name: 'audience', description: 'public (no token), a player id (that player\'s token, the judge token or the organizer key) or judge (the judge or recorder token, or the organizer key)' })
  @ApiOperation({ summary: "An audience's view at a revision", description: 'Every zone with its count and one entry per card (per position in ordered zones); a definition only where the audience can identify the card. Hidden cards carry per-audience handles.' })
  @ApiOkResponse({ description: 'the view (docs/architecture.md): a JudgeView for the judge', schema: { oneOf: [ref('AudienceView'), ref('JudgeView')] } })
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 400: ['VALIDATION_FAILED', 'REVISION_OUT_OF_RANGE'], 404: ['MATCH_NOT_FOUND', 'AUDIENCE_NOT_FOUND'] })
  async view(@CurrentCaller() caller: Caller, @Param('id') id: string, @Param('audience') audience: string, @Query() query: AtQuery) {
    const match = await this.replays.load(id);
    assertMayRead(caller, id, audienceIn(match, audience));
    return match.replay.viewAt(audience, revisionIn(match, 'at', query.at));
  }

  @Get('queue')
  @ApiOperation({ summary: 'The pending bag or stack, with nextChooser (public, like the bag: Lorcana 7.1.2.1)' })
  @ApiOkResponse({ schema: ref('QueueAt') })
  @ApiErrors(STORE_ERRORS, { 400: ['VALIDATION_FAILED', 'REVISION_OUT_OF_RANGE'], 404: ['MATCH_NOT_FOUND'] })
  async queue(@Param('id') id: string, @Query() query: AtQuery) {
    const match = await this.replays.load(id);
    const view = match.replay.viewAt(PUBLIC, revisionIn(match, 'at', query.at)) as AudienceView;
    return { revision: view.revision, activePlayer: view.turn.player, ...view.queue };
  }
}

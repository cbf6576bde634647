import { BROADCAST, BroadcastDelay, JUDGE, PUBLIC } from '@matchlog/domain';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Caller } from '@matchlog/matches';
import { CurrentCaller } from '../auth/caller.guard';
import { AtQuery, QueueQuery } from '../dto/queries.dto';
import { ApiErrors, ROLE_ERRORS, STORE_ERRORS } from '../openapi/api-errors.decorator';
import { Returns, answerAs } from '../openapi/response-schemas';
import { ApiOptionalToken } from '../openapi/security.decorators';
import { MatchReader } from '@matchlog/matches';

/** `seconds=300, events=0`: what the broadcast's own page needs to say how far behind it runs, without reading the match's detail (which is at the head). */
const delayHeader = (delay: BroadcastDelay | undefined): string => `seconds=${delay?.seconds ?? 0}, events=${delay?.events ?? 0}`;

@ApiTags('views')
@Controller('matches/:id')
export class MatchViewsController {
  constructor(private readonly reader: MatchReader) {}

  @Get('views/:audience')
  @ApiOptionalToken()
  @ApiParam({
    name: 'audience',
    description:
      "public (no token), broadcast (no token, or a broadcast token where the match says so; behind the match by its broadcastDelay except for the judge and the organizer), a player id (that player's token, the judge token or the organizer key) or judge (the judge or recorder token, or the organizer key)",
  })
  @ApiOperation({
    summary: "An audience's view at a revision",
    description:
      "Every zone with its count and one entry per card (per position in ordered zones); a definition only where the audience can identify the card. Hidden cards carry per-audience handles. The broadcast's view says how far behind the match it runs in a `Broadcast-Delay: seconds=300, events=0` header (the broadcast overlay reads it).",
  })
  @Returns(200, 'View', 'the view (docs/explanation/architecture.md): a JudgeView for the judge')
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 400: ['VALIDATION_FAILED', 'REVISION_OUT_OF_RANGE'], 403: ['BROADCAST_DELAYED'], 404: ['MATCH_NOT_FOUND', 'AUDIENCE_NOT_FOUND'] })
  async view(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Param('audience') audience: string,
    @Query() query: AtQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const view = await this.reader.view(caller, id, audience, query.at);
    if (view.audience === BROADCAST) reply.header('Broadcast-Delay', delayHeader(await this.reader.broadcastDelay(id)));
    answerAs(reply, audience === JUDGE ? 'JudgeView' : 'AudienceView');
    return view;
  }

  @Get('queue')
  @ApiOptionalToken()
  @ApiOperation({
    summary: 'The pending bag or stack, with nextChooser (public, like the bag: Lorcana 7.1.2.1)',
    description: "As `audience` sees it (default public, no token): the same access and broadcast delay as that audience's view.",
  })
  @Returns(200, 'QueueAt')
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 400: ['VALIDATION_FAILED', 'REVISION_OUT_OF_RANGE'], 403: ['BROADCAST_DELAYED'], 404: ['MATCH_NOT_FOUND', 'AUDIENCE_NOT_FOUND'] })
  async queue(@CurrentCaller() caller: Caller, @Param('id') id: string, @Query() query: QueueQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const queue = await this.reader.queue(caller, id, query.audience, query.at);
    answerAs(reply, (query.audience ?? PUBLIC) === JUDGE ? 'JudgeQueueAt' : 'AudienceQueueAt');
    return queue;
  }
}

import { PUBLIC } from '@matchlog/domain';
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Caller, assertMayRead } from '../auth/caller';
import { Organizer } from '../auth/requires';
import { CurrentCaller } from '../auth/caller.guard';
import { AppendEventsDto } from '../dto/event.dto';
import { FeedQuery } from '../dto/queries.dto';
import { audienceIn, revisionIn } from './match-access';
import { MatchReplays } from './match-replays';
import { MatchWriter } from './match-writer';

@ApiTags('events')
@Controller('matches/:id/events')
export class MatchEventsController {
  constructor(
    private readonly writer: MatchWriter,
    private readonly replays: MatchReplays,
  ) {}

  @Post()
  @Organizer()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Append events (organizer key): all or nothing', description: 'expectedRevision is the number of events the match had when you decided these. Retrying a batch with the same event ids returns its first result.' })
  @ApiCreatedResponse({ schema: { example: { matchId: 'lyon-r3-t12', revision: 12 } } })
  @ApiConflictResponse({ description: 'REVISION_CONFLICT: the body has currentRevision' })
  @ApiUnprocessableEntityResponse({ description: 'validate refused an event: code (MALFORMED_EVENT when its data does not fit its type), rule (e.g. "lorcana 7.1.5"), eventIndex, details: [{ path, message }]' })
  append(@Param('id') id: string, @Body() body: AppendEventsDto) {
    return this.writer.append(id, body.expectedRevision, body.events, 'organizer');
  }

  @Get()
  @ApiBearerAuth()
  @ApiOperation({ summary: "An audience's observation feed, what a replay viewer plays back", description: 'Observations after revision `from` up to `to`. The judge gets the events themselves.' })
  @ApiOkResponse({ schema: { example: { audience: 'p2', from: 0, to: 2, observations: [{ revision: 1, observation: { type: 'MatchStarted' } }] } } })
  async feed(@CurrentCaller() caller: Caller, @Param('id') id: string, @Query() query: FeedQuery) {
    const match = await this.replays.load(id);
    const audience = audienceIn(match, query.audience ?? PUBLIC);
    assertMayRead(caller, id, audience);
    const to = revisionIn(match, 'to', query.to);
    const from = Math.min(revisionIn(match, 'from', query.from ?? 0), to);
    return { audience, from, to, observations: match.replay.observations(audience, from, to) };
  }
}

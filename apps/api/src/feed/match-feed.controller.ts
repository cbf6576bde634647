import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { OutgoingHttpHeaders } from 'http';
import { Caller } from '@matchlog/matches';
import { CurrentCaller } from '../auth/caller.guard';
import { ApiErrors, ROLE_ERRORS, STORE_ERRORS } from '../openapi/api-errors.decorator';
import { ApiOptionalToken } from '../openapi/security.decorators';
import { LiveFeedHub } from './live-feed-hub';
import { LiveFeedQuery } from './feed-query.dto';
import { SSE_HEADERS } from './sse-frames';

const MESSAGES =
  'Server-Sent Events, each message `id:` the revision it brings the audience to: `event: view` (data: the view, as GET /matches/{id}/views/{audience}) first when there is nothing to resume from; ' +
  "`event: observation` (data: { revision, observation }, one of GET /matches/{id}/events's observations) for each event after it; `event: ended` (data: { revision }) after MatchEnded, and the stream closes. " +
  'Comment lines (`: heartbeat`) every 15 s (MATCHLOG_FEED_HEARTBEAT_MS). A client that leaves more than MATCHLOG_FEED_MAX_BUFFERED unread is cut off: reconnecting with Last-Event-ID resumes exactly.';

@ApiTags('events')
@Controller('matches/:id/feed')
export class MatchFeedController {
  constructor(private readonly hub: LiveFeedHub) {}

  @Get()
  @ApiOptionalToken()
  @ApiOperation({ summary: "An audience's live feed (Server-Sent Events), resumable by Last-Event-ID", description: `Same access as the views. ${MESSAGES}` })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'resume after this revision, with no gap and no duplicate (an EventSource sends it when it reconnects)' })
  @ApiOkResponse({
    description: MESSAGES,
    content: {
      'text/event-stream': {
        schema: {
          type: 'string',
          example: 'id: 6\nevent: view\ndata: {"audience":"public","revision":6,…}\n\nid: 7\nevent: observation\ndata: {"revision":7,"observation":{…}}\n\n',
        },
      },
    },
  })
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 400: ['VALIDATION_FAILED', 'REVISION_OUT_OF_RANGE'], 404: ['MATCH_NOT_FOUND', 'AUDIENCE_NOT_FOUND'] })
  async feed(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Query() query: LiveFeedQuery,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const feed = await this.hub.open(caller, id, { ...query, lastEventId });
    reply.hijack();
    // headers set before the hijack (CORS) go out too
    reply.raw.writeHead(200, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...SSE_HEADERS });
    // at once, so the client knows it is connected even when nothing follows yet (a resume at the head)
    reply.raw.flushHeaders();
    this.hub.stream(feed, reply.raw, caller);
  }
}

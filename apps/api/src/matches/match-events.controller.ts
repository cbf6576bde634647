import { JUDGE, PUBLIC } from '@matchlog/domain';
import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiBody, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { appendBodySchema } from '../schemas/append-body.schema';
import { Caller } from '@matchlog/matches';
import { RecorderOfMatch } from '../auth/requires';
import { CurrentCaller } from '../auth/caller.guard';
import { ObservationsQuery } from '../dto/queries.dto';
import { ApiErrors, BODY_ERRORS, DOMAIN_CODES, ROLE_ERRORS, STORE_ERRORS, WRITE_ERRORS } from '../openapi/api-errors.decorator';
import { AcceptsBody, Returns, answerAs } from '../openapi/response-schemas';
import { ApiOptionalToken, ApiToken } from '../openapi/security.decorators';
import { IncomingEvent, MatchReader, MatchWriter } from '@matchlog/matches';

@ApiTags('events')
@Controller('matches/:id/events')
export class MatchEventsController {
  constructor(
    private readonly writer: MatchWriter,
    private readonly reader: MatchReader,
  ) {}

  @Post()
  @RecorderOfMatch()
  @ApiToken()
  @ApiOperation({
    summary: "Append events (the match's recorder token or the organizer key): all or nothing",
    description:
      'expectedRevision is the number of events the match had when you decided these. Retrying a batch with the same event ids returns its first result. Each event\'s meta.recordedBy says who recorded it: "organizer" or "recorder". A ZoneShuffled carries no salt or commitment: the server draws and computes them (422 SALT_IN_BODY).',
  })
  @AcceptsBody(appendBodySchema())
  @ApiBody({ schema: { $ref: getSchemaPath('AppendEventsDto') } })
  @Returns(201, 'EventsAppended')
  @ApiErrors(BODY_ERRORS, ROLE_ERRORS, STORE_ERRORS, WRITE_ERRORS, { 404: ['MATCH_NOT_FOUND'], 409: ['REVISION_CONFLICT'], 422: ['SALT_IN_BODY', ...DOMAIN_CODES] })
  append(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() body: { expectedRevision: number; events: IncomingEvent[] }) {
    return this.writer.append(id, body.expectedRevision, body.events, caller.kind === 'recorder' ? 'recorder' : 'organizer');
  }

  @Get()
  @ApiOptionalToken()
  @ApiOperation({
    summary: "An audience's observations, what a replay viewer plays back",
    description:
      'Observations after revision `from` up to `to`. The judge gets the events themselves. The broadcast: up to its delayed revision (BROADCAST_DELAYED past it), except for the judge and the organizer.',
  })
  @Returns(200, 'EventsPage')
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 400: ['VALIDATION_FAILED', 'REVISION_OUT_OF_RANGE'], 403: ['BROADCAST_DELAYED'], 404: ['MATCH_NOT_FOUND', 'AUDIENCE_NOT_FOUND'] })
  async observations(@CurrentCaller() caller: Caller, @Param('id') id: string, @Query() query: ObservationsQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const page = await this.reader.observations(caller, id, query.audience, query.from, query.to);
    answerAs(reply, (query.audience ?? PUBLIC) === JUDGE ? 'JudgeEventsPage' : 'AudienceEventsPage');
    return page;
  }
}

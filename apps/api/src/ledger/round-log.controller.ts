import { RoundClosed, RoundCloser, RoundLog, RoundLogReader } from '@matchlog/matches';
import { Body, Controller, Get, Header, Inject, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Organizer } from '../auth/requires';
import { CloseRoundDto, RoundLogQuery, RoundProofQuery } from '../dto/close-round.dto';
import { ApiErrors, BODY_ERRORS, CATALOG_ERRORS, ROLE_ERRORS, STORE_ERRORS } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';
import { ApiToken } from '../openapi/security.decorators';
import { ROUND_CLOSER, ROUND_LOG } from './log-parts';

/** A round's entries in the server's log: the organizer closes a round, anyone reads its entries and proofs (docs/reference/ledger.md). */
@ApiTags('log')
@Controller('rounds')
export class RoundLogController {
  constructor(
    @Inject(ROUND_CLOSER) private readonly closer: RoundCloser,
    @Inject(ROUND_LOG) private readonly log: RoundLogReader,
  ) {}

  @Post('close')
  @Organizer()
  @ApiToken()
  @ApiOperation({
    summary: "Close a round (organizer key): enter its result slip in the server's log",
    description:
      "Enters a round-closed entry (docs/reference/ledger.md): the sha256 of the slip's canonical JSON (RFC 8785) as GET /rounds/results answers a spectator, and each game it counts (every game not void) at its end's revision and chain head. " +
      "The entry is public, so the round closes only once it is over as a spectator sees it: it has a game, no game is in progress, every table's match is decided, and no broadcast delay still holds back a game's start, end or void (409 ROUND_NOT_CLOSABLE names each reason: close it again once they are gone). " +
      'Closed again with the same slip, it answers 200 with the same entry and enters nothing; after a result changed (a void, a game recorded), it enters a new entry, 201: the log never edits one. ' +
      "index is the entry's place in the log once the sequencer integrated it (at once, unless it failed: then null, and it is integrated within MATCHLOG_LOG_INTERVAL).",
  })
  @Returns(201, 'RoundClosed', 'the round is closed with this slip: a new entry')
  @Returns(200, 'RoundClosed', 'the round was closed with this slip already: its entry, nothing new entered')
  @ApiErrors(BODY_ERRORS, ROLE_ERRORS, STORE_ERRORS, CATALOG_ERRORS, { 409: ['ROUND_NOT_CLOSABLE'] })
  async close(@Body() body: CloseRoundDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<RoundClosed> {
    const { created, closed } = await this.closer.close(body.event, body.round);
    reply.status(created ? 201 : 200);
    return closed;
  }

  @Get('log')
  @ApiOperation({
    summary: "A round's entries in the server's log, each with its proof file",
    description:
      'Every time the organizer closed the round with another slip, in log order (the last is the latest): its index (null until integrated), slip hash, the games it counts, when it was closed, whether it is the slip a spectator reads now, and the path of its .tlog-proof (null until the latest checkpoint holds it). Public: an entry holds nothing a spectator may not see. No entries: the round is not closed.',
  })
  @Returns(200, 'RoundLog')
  @ApiErrors(STORE_ERRORS, CATALOG_ERRORS)
  entries(@Query() query: RoundLogQuery): Promise<RoundLog> {
    return this.log.entries(query.event, query.round);
  }

  @Get('log/proof')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiOperation({ summary: "The C2SP tlog-proof of a round's entry (by its slip hash) against the log's latest checkpoint: `matchlog verify --proof` reads it" })
  @ApiOkResponse({ content: { 'text/plain': { schema: { type: 'string', description: 'the .tlog-proof file: its index, inclusion proof and the checkpoint' } } } })
  @ApiErrors(STORE_ERRORS, { 400: ['VALIDATION_FAILED'], 404: ['ROUND_ENTRY_NOT_FOUND'] })
  async proof(@Query() query: RoundProofQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const proof = await this.log.proof(query.event, query.round, query.slip);
    reply.header('Content-Disposition', `attachment; filename="round-${query.round}-${query.slip.slice(0, 12)}.tlog-proof"`);
    return proof;
  }
}

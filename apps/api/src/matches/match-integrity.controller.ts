import { MatchIntegrity } from '@matchlog/matches';
import { SignedHead } from '@matchlog/audit';
import { Body, Controller, Get, Headers, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { LogReader, ReceiptLogger } from '@matchlog/matches';
import { LOG_READER, RECEIPT_LOGGER } from '../ledger/log-parts';
import { LoggedReceipt, MatchLog, ReceiptWithProof } from '../openapi/responses';
import { ApiBody, ApiConsumes, ApiHeader, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { JudgeOfMatch, Organizer } from '../auth/requires';
import { IsId } from '../dto/is-id';
import { ApiErrors, BODY_ERRORS, DOMAIN_CODES, ROLE_ERRORS, STORE_ERRORS, TOKEN_ISSUING_ERRORS, WRITE_ERRORS } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';
import { ApiOptionalToken, ApiToken } from '../openapi/security.decorators';
import { Caller } from '@matchlog/matches';
import { CurrentCaller } from '../auth/caller.guard';

export class ImportQuery {
  @ApiPropertyOptional({ example: 'lyon-r3-t12', description: 'the id of the imported match: the one its signed head names (the default); another is refused, 422 HEAD_MISMATCH' })
  @IsOptional()
  @IsId()
  matchId?: string;
}

/** Tamper evidence: the hash chain re-checked, the shuffles' commitments, export and import of a whole log. */
@ApiTags('integrity')
@Controller('matches')
export class MatchIntegrityController {
  constructor(
    private readonly integrity: MatchIntegrity,
    @Inject(LOG_READER) private readonly log: LogReader,
    @Inject(RECEIPT_LOGGER) private readonly receipts: ReceiptLogger,
  ) {}

  @Get(':id/receipt')
  @ApiOperation({
    summary:
      "The match's signed chain head at its latest revision (any audience, no token needed), or at its delayed one; with ?proof=1, also its latest entry in the server's log and a C2SP tlog-proof",
    description:
      "Keep it: `npx matchlog verify log.jsonl --receipt receipt.json` fails if a later export does not extend this head. The hash is salted with a secret only judges see, so it reveals nothing hidden. A match whose broadcastDelay holds its public side back signs the head at its delayed revision for anyone but the organizer key and its own tokens (404 MATCH_NOT_FOUND while its MatchCreated is held back). With `proof=1`: `{ receipt, log: { entry, proof } }`, `log: null` until the log holds an entry of the match (a held-back end enters it only once shown; docs/reference/ledger.md); 409 LOG_ENTRY_NOT_PUBLISHED while it holds one but no published checkpoint holds it yet (the witnesses' quorum has not cosigned one).",
  })
  @ApiQuery({ name: 'proof', required: false, enum: ['1'], description: "1: the receipt with the match's log entry and its .tlog-proof" })
  @ApiOptionalToken()
  @Returns(200, 'Receipt')
  @ApiErrors(STORE_ERRORS, { 403: ['RECEIPT_WITHHELD'], 404: ['MATCH_NOT_FOUND'], 409: ['LOG_ENTRY_NOT_PUBLISHED'] })
  async receipt(@CurrentCaller() caller: Caller, @Param('id') id: string, @Query('proof') proof?: string): Promise<SignedHead | ReceiptWithProof> {
    const receipt = await this.integrity.receipt(caller, id);
    if (proof !== '1') return receipt;
    return { receipt, log: (await this.log.proofOf(id)) ?? null };
  }

  @Get(':id/log')
  @ApiOperation({
    summary: "The match's entries in the server's transparency log, and the published checkpoint (any audience, no token needed)",
    description:
      "Only entries in the published tree (the checkpoint the witnesses' quorum cosigned, MATCHLOG_WITNESSES): `{ entries: [{ index, kind, revision }], checkpoint: { size, signedAt, cosignatures } }`, `checkpoint: null` before the log published one. A match held back by its broadcastDelay is 404 MATCH_NOT_FOUND as on any route; its end enters the log only once shown. GET /matches/:id/receipt?proof=1 gives the proof.",
  })
  @ApiOptionalToken()
  @Returns(200, 'MatchLog')
  @ApiErrors(STORE_ERRORS, { 404: ['MATCH_NOT_FOUND'] })
  matchLog(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<MatchLog> {
    return this.integrity.logOf(caller, id, this.log);
  }

  @Post(':id/log')
  @ApiOperation({
    summary: "Enter the match's public receipt in the server's transparency log (any audience, no token needed)",
    description:
      "The receipt entered is the one a spectator may take now (GET /matches/:id/receipt without a token): the head at the match's public revision, never one a broadcast delay still holds back, as every entry is public. " +
      'Each revision enters once: asked again for the same head, it answers 200 with the same entry and enters nothing; 201 when this request entered it. ' +
      "index is the entry's place in the log once the sequencer integrated it (at once, unless it failed: then null, and within MATCHLOG_LOG_INTERVAL); GET /matches/:id/log lists the match's entries once a published checkpoint holds them, and GET /matches/:id/receipt?proof=1 proves the latest.",
  })
  @ApiOptionalToken()
  @Returns(201, 'LoggedReceipt', 'this request entered the receipt')
  @Returns(200, 'LoggedReceipt', 'this receipt was entered already: its entry, nothing new')
  @ApiErrors(STORE_ERRORS, { 403: ['RECEIPT_WITHHELD'], 404: ['MATCH_NOT_FOUND'] })
  async logReceipt(@CurrentCaller() caller: Caller, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<LoggedReceipt> {
    const { created, logged } = await this.integrity.logReceipt(caller, id, this.receipts);
    reply.status(created ? 201 : 200);
    return logged;
  }

  @Get(':id/verify')
  @JudgeOfMatch()
  @ApiToken()
  @ApiOperation({
    summary: "Re-check a match's hash chain and its shuffles' commitments (judge token or organizer key)",
    description:
      'Messages in Spanish with Accept-Language: es. An imported match says so in `imported`: how many events its log held, and `signedBy`, the kid (RFC 7638 thumbprint) of the key that signed it.',
  })
  @Returns(200, 'Verification')
  @ApiHeader({ name: 'accept-language', required: false, description: 'es for Spanish messages' })
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 404: ['MATCH_NOT_FOUND'] })
  verify(@Param('id') id: string, @Headers('accept-language') acceptLanguage?: string) {
    return this.integrity.verify(id, acceptLanguage);
  }

  @Get(':id/export')
  @JudgeOfMatch()
  @ApiToken()
  @ApiOkResponse({ content: { 'application/x-ndjson': { schema: { type: 'string', description: 'JSON Lines: one event per line, then the signed head' } } } })
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 404: ['MATCH_NOT_FOUND'] })
  @ApiOperation({
    summary: 'The match log as JSON Lines with its hash chain (judge token or organizer key)',
    description:
      'One event per line (canonical JSON, meta.previous and meta.hash), then the signed head {"signedHead":{"head":{matchId,revision,hash,time,kid},"signature","jwk"}}.',
  })
  async export(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const log = await this.integrity.export(id);
    // set here, not by decorator, so an error answers as JSON
    reply.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${id.replace(/[^A-Za-z0-9._-]/g, '_')}.jsonl"`);
    return log;
  }

  @Post('import')
  @Organizer()
  @ApiToken()
  @ApiConsumes('application/x-ndjson')
  @ApiBody({ schema: { type: 'string', description: 'a match log as GET /matches/:id/export returns it' } })
  @ApiOperation({
    summary: 'Import an exported match log (organizer key)',
    description:
      "The chain and its signed head are verified first (the head must be signed with a key of this server's JWKS, or one of the other servers' public keys MATCHLOG_TRUSTED_KEYS names); the match records the signer's kid (GET /matches/:id/verify: imported.signedBy); the events are validated by the domain and appended as they are, as the match the signed head names. Returns tokens as POST /matches does.",
  })
  @Returns(201, 'MatchWithTokens')
  @ApiErrors(BODY_ERRORS, ROLE_ERRORS, STORE_ERRORS, WRITE_ERRORS, TOKEN_ISSUING_ERRORS, {
    400: ['LOG_UNREADABLE'],
    409: ['MATCH_ALREADY_EXISTS', 'MATCH_LOG_ALREADY_IMPORTED'],
    422: ['CHAIN_BROKEN', 'LINE_NOT_CANONICAL', 'HEAD_MISSING', 'HEAD_MISMATCH', 'SIGNATURE_INVALID', 'SIGNATURE_KEY_UNKNOWN', ...DOMAIN_CODES],
  })
  import(@Body() body: unknown, @Query() query: ImportQuery) {
    return this.integrity.import(body, query.matchId);
  }
}

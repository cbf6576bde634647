import { checkCommitments } from '@matchlog/audit/chain/commitment';
import { chainHeadOf, verifyChain } from '@matchlog/audit/chain/hash-chain';
import { parseJsonLines, toJsonLines } from '@matchlog/audit/chain/json-lines';
import { SignedHead, publicJwkOf, signHead } from '@matchlog/audit/chain/signed-head';
import { LogVerdict, verifyLog } from '@matchlog/audit/chain/verify-log';
import { JUDGE } from '@matchlog/domain';
import { EventStore } from '@matchlog/store';
import { Body, Controller, Get, Headers, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { MAX_JSON_DEPTH } from '@matchlog/audit/chain/json-depth';
import type { FastifyReply } from 'fastify';
import { languageOf } from '../audit/language';
import { JudgeOfMatch, Organizer } from '../auth/requires';
import { IsId } from '../dto/is-id';
import { ApiErrors, BODY_ERRORS, DOMAIN_CODES, ROLE_ERRORS, STORE_ERRORS, WRITE_ERRORS } from '../openapi/api-errors.decorator';
import { ref } from '../openapi/response-schemas';
import { ApiOptionalToken, ApiToken } from '../openapi/security.decorators';
import { KeyObject } from 'crypto';
import { BodyTooDeep, ChainBroken, LogRefused, LogUnreadable, ReceiptWithheld } from '../errors/api-errors';
import { Caller, mayRead } from '../auth/caller';
import { CurrentCaller } from '../auth/caller.guard';
import { EVENT_STORE, SIGNING_KEY } from '../tokens';
import { MatchReplays } from './match-replays';
import { MatchWriter } from './match-writer';
import { readMatch } from './read-match';

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
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly writer: MatchWriter,
    private readonly replays: MatchReplays,
    @Inject(SIGNING_KEY) private readonly signingKey: KeyObject,
  ) {}

  /** The match's chain head at `revision`, signed now with the server's key, for an export or as a receipt. */
  private signed(purpose: 'export' | 'receipt', matchId: string, revision: number, hash: string): SignedHead {
    return signHead({ purpose, matchId, revision, hash, time: new Date().toISOString() }, this.signingKey);
  }

  @Get(':id/receipt')
  @ApiOperation({
    summary: "The match's signed chain head at its latest revision (any audience, no token needed)",
    description: 'Keep it: `npx matchlog verify log.jsonl --receipt receipt.json` fails if a later export does not extend this head. The hash is salted with a secret only judges see, so it reveals nothing hidden.',
  })
  @ApiOptionalToken()
  @ApiOkResponse({ schema: ref('SignedHead') })
  @ApiErrors(STORE_ERRORS, { 403: ['RECEIPT_WITHHELD'], 404: ['MATCH_NOT_FOUND'] })
  async receipt(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<SignedHead> {
    const { state, head, salt } = await this.replays.load(id);
    // every audience of the match may read it, public included, while its hashes are salted: an
    // unsalted hash (a match recorded before chain salts) lets a brute force name hidden cards
    if (salt === undefined && !mayRead(caller, id, JUDGE)) throw new ReceiptWithheld(id);
    return this.signed('receipt', id, state.revision, head);
  }

  @Get(':id/verify')
  @JudgeOfMatch()
  @ApiToken()
  @ApiOperation({ summary: "Re-check a match's hash chain and its shuffles' commitments (judge token or organizer key)", description: 'Messages in Spanish with Accept-Language: es.' })
  @ApiOkResponse({ schema: ref('Verification') })
  @ApiHeader({ name: 'accept-language', required: false, description: 'es for Spanish messages' })
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 404: ['MATCH_NOT_FOUND'] })
  async verify(@Param('id') id: string, @Headers('accept-language') acceptLanguage?: string) {
    const events = await readMatch(this.store, id);
    const chain = verifyChain(events);
    const findings = checkCommitments(events, { language: languageOf(acceptLanguage) });
    return { matchId: id, ok: chain.ok && findings.length === 0, chain, findings };
  }

  @Get(':id/export')
  @JudgeOfMatch()
  @ApiToken()
  @ApiOkResponse({ content: { 'application/x-ndjson': { schema: { type: 'string', description: 'JSON Lines: one event per line, then the signed head' } } } })
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 404: ['MATCH_NOT_FOUND'] })
  @ApiOperation({ summary: 'The match log as JSON Lines with its hash chain (judge token or organizer key)', description: 'One event per line (canonical JSON, meta.previous and meta.hash), then the signed head {"signedHead":{"head":{matchId,revision,hash,time,kid},"signature","jwk"}}.' })
  async export(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const events = await readMatch(this.store, id);
    // set here, not by decorator, so an error answers as JSON
    reply.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${id.replace(/[^A-Za-z0-9._-]/g, '_')}.jsonl"`);
    return toJsonLines(events, this.signed('export', id, events.length, chainHeadOf(events)));
  }

  @Post('import')
  @Organizer()
  @ApiToken()
  @ApiConsumes('application/x-ndjson')
  @ApiBody({ schema: { type: 'string', description: 'a match log as GET /matches/:id/export returns it' } })
  @ApiOperation({ summary: 'Import an exported match log (organizer key)', description: 'The chain and its signed head are verified first (the head must be signed with a key of this server\'s JWKS); the events are validated by the domain and appended as they are, as the match the signed head names. Returns tokens as POST /matches does.' })
  @ApiCreatedResponse({ schema: ref('MatchCreated') })
  @ApiErrors(BODY_ERRORS, ROLE_ERRORS, STORE_ERRORS, WRITE_ERRORS, {
    400: ['LOG_UNREADABLE'],
    409: ['MATCH_ALREADY_EXISTS', 'MATCH_LOG_ALREADY_IMPORTED'],
    422: ['CHAIN_BROKEN', 'LINE_NOT_CANONICAL', 'HEAD_MISSING', 'HEAD_MISMATCH', 'SIGNATURE_INVALID', 'SIGNATURE_KEY_UNKNOWN', ...DOMAIN_CODES],
  })
  async import(@Body() body: unknown, @Query() query: ImportQuery) {
    if (typeof body !== 'string') throw new LogUnreadable(undefined, 'the body must be a match log as JSON Lines, sent as Content-Type: application/x-ndjson');
    const parsed = parseJsonLines(body);
    if ('error' in parsed) {
      const { code, line, message } = parsed.error;
      if (code === 'LINE_TOO_DEEP') throw new BodyTooDeep(MAX_JSON_DEPTH);
      throw code === 'LINE_NOT_CANONICAL' ? new LogRefused(code, line, `${message}: import the export as the server wrote it`) : new LogUnreadable(line, message);
    }
    if (parsed.events.length === 0) throw new LogUnreadable(undefined, 'the log holds no events');
    const verdict = verifyLog(parsed, { pinned: [publicJwkOf(this.signingKey)] });
    if (!verdict.ok) throw refusal(verdict);
    // verifyLog refuses a log without a signed head unless allowUnsigned: the head names its match
    const signedFor = verdict.signature === 'unsigned' ? undefined : verdict.signature.matchId;
    if (signedFor === undefined) throw new LogRefused('HEAD_MISSING', parsed.events.length + 1, `the log has no signed head; ${EXPORT_AGAIN}`);
    return this.writer.importMatch(query.matchId, parsed.events, signedFor);
  }
}

const EXPORT_AGAIN = 'export the match again (GET /matches/:id/export) from a server that signs with a key of this server\'s /.well-known/jwks.json (share it with MATCHLOG_SIGNING_KEY_FILE)';

/** The API error for a log verifyLog refused. */
const refusal = (verdict: Extract<LogVerdict, { ok: false }>): Error => {
  if (verdict.code === 'CHAIN_BROKEN') {
    const { line, reason, message, eventId } = verdict.chain;
    return new ChainBroken(line, reason, message, eventId);
  }
  const { code, line, message } = verdict;
  if (code === 'HEAD_MISSING') {
    return new LogRefused(code, line, `the log has no signed head (its last line must be {"signedHead":…}): it was cut, or not exported by a matchlog server; ${EXPORT_AGAIN}`);
  }
  // an import has no receipt: receipt codes can not arise here, and a bad signature is a bad signature
  return new LogRefused(code === 'HEAD_MISMATCH' || code === 'SIGNATURE_KEY_UNKNOWN' ? code : 'SIGNATURE_INVALID', line, `${message}; ${EXPORT_AGAIN}`);
};

import { checkCommitments } from '@matchlog/audit/chain/commitment';
import { verifyChain } from '@matchlog/audit/chain/hash-chain';
import { parseJsonLines, toJsonLines } from '@matchlog/audit/chain/json-lines';
import { EventStore } from '@matchlog/store';
import { Body, Controller, Get, Header, Headers, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConflictResponse, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiPropertyOptional, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { Response } from 'express';
import { languageOf } from '../audit/language';
import { JudgeOfMatch, Organizer } from '../auth/requires';
import { IsId } from '../dto/is-id';
import { BodyTooDeep, ChainBroken, LogUnreadable } from '../errors/api-errors';
import { MAX_BODY_DEPTH, depthExceeds } from '../validation/body-depth.pipe';
import { EVENT_STORE } from '../tokens';
import { MatchWriter } from './match-writer';
import { readMatch } from './read-match';

export class ImportQuery {
  @ApiPropertyOptional({ example: 'lyon-r3-t12', description: 'the id of the imported match; a new UUID when absent' })
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
  ) {}

  @Get(':id/verify')
  @JudgeOfMatch()
  @ApiBearerAuth()
  @ApiOperation({ summary: "Re-check a match's hash chain and its shuffles' commitments (judge token or organizer key)", description: 'Messages in Spanish with Accept-Language: es.' })
  @ApiOkResponse({ schema: { example: { matchId: 'lyon-r3-t12', ok: true, chain: { ok: true, count: 42, head: '3f…' }, findings: [] } } })
  async verify(@Param('id') id: string, @Headers('accept-language') acceptLanguage?: string) {
    const events = await readMatch(this.store, id);
    const chain = verifyChain(events);
    const findings = checkCommitments(events, { language: languageOf(acceptLanguage) });
    return { matchId: id, ok: chain.ok && findings.length === 0, chain, findings };
  }

  @Get(':id/export')
  @JudgeOfMatch()
  @ApiBearerAuth()
  @ApiProduces('application/x-ndjson')
  @Header('Content-Type', 'application/x-ndjson; charset=utf-8')
  @ApiOperation({ summary: 'The match log as JSON Lines with its hash chain (judge token or organizer key)', description: 'One event per line (canonical JSON, meta.previous and meta.hash), then {"chain":{"count":N,"head":"…"}}.' })
  async export(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const events = await readMatch(this.store, id);
    res.setHeader('Content-Disposition', `attachment; filename="${id.replace(/[^A-Za-z0-9._-]/g, '_')}.jsonl"`);
    return toJsonLines(events);
  }

  @Post('import')
  @Organizer()
  @ApiBearerAuth()
  @ApiConsumes('application/x-ndjson')
  @ApiBody({ schema: { type: 'string', description: 'a match log as GET /matches/:id/export returns it' } })
  @ApiOperation({ summary: 'Import an exported match log (organizer key)', description: 'The chain is verified first; the events are validated by the domain and appended as they are. Returns tokens as POST /matches does.' })
  @ApiCreatedResponse({ schema: { example: { matchId: 'lyon-r3-t12', revision: 42, tokens: { players: { p1: 'mlt_…', p2: 'mlt_…' }, judge: 'mlt_…' } } } })
  @ApiConflictResponse({ description: 'MATCH_ALREADY_EXISTS, DUPLICATE_EVENT_ID' })
  @ApiUnprocessableEntityResponse({ description: 'CHAIN_BROKEN (line, reason) or the domain refused an event (code, rule, eventIndex)' })
  async import(@Body() body: unknown, @Query() query: ImportQuery) {
    if (typeof body !== 'string') throw new LogUnreadable(undefined, 'the body must be a match log as JSON Lines, sent as Content-Type: application/x-ndjson');
    const parsed = parseJsonLines(body);
    if ('error' in parsed) throw new LogUnreadable(parsed.error.line, parsed.error.message);
    if (parsed.events.length === 0) throw new LogUnreadable(undefined, 'the log holds no events');
    // the chain check walks each event recursively, as the ValidationPipe does a JSON body
    if (parsed.events.some((event) => depthExceeds(event, MAX_BODY_DEPTH))) throw new BodyTooDeep(MAX_BODY_DEPTH);
    const chain = verifyChain(parsed.events, parsed.head);
    if (!chain.ok) throw new ChainBroken(chain.line, chain.reason, chain.message, chain.eventId);
    return this.writer.importMatch(query.matchId, parsed.events);
  }
}

import { LogReader, LogSizeOutOfRange, LogTileNotFound } from '@matchlog/matches';
import { Controller, Get, Header, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatHash } from '@matchlog/ledger';
import { ApiErrors, STORE_ERRORS } from '../openapi/api-errors.decorator';
import { LOG_READER } from './log-parts';

/** A full tile never changes; a partial one, and the checkpoint, are replaced as the log grows. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=5';

/** The server's transparency log, C2SP tlog-tiles: anonymous and public, as an entry holds nothing hidden (docs/reference/ledger.md). */
@ApiTags('log')
@Controller('log')
export class LogController {
  constructor(@Inject(LOG_READER) private readonly log: LogReader) {}

  @Get('checkpoint')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', SHORT)
  @ApiOperation({
    summary:
      "The log's published checkpoint (C2SP tlog-checkpoint), signed with the server's key and cosigned by the quorum of its witnesses (MATCHLOG_WITNESSES), every cosignature collected appended",
  })
  @ApiOkResponse({
    content: {
      'text/plain': {
        schema: { type: 'string', description: "the signed note: origin, size, base64 root, a blank line, signature lines (the log's, then each witness's cosignature/v1)" },
      },
    },
  })
  @ApiErrors(STORE_ERRORS, { 404: ['LOG_TILE_NOT_FOUND'] })
  async checkpoint(): Promise<string> {
    const checkpoint = await this.log.checkpoint();
    if (checkpoint === undefined)
      throw new LogTileNotFound(
        'checkpoint',
        'the log has published no checkpoint yet (its sequencer signs the first as the server starts, and publishes it once the quorum of MATCHLOG_WITNESSES cosigned it)',
      );
    return checkpoint;
  }

  @Get('key')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiOperation({ summary: "The log's verifier key (C2SP signed-note vkey `<origin>+<id>+<key>`), one line: put it in a policy file's `log` line" })
  @ApiOkResponse({ content: { 'text/plain': { schema: { type: 'string', description: '`<origin>+<key id>+<base64 key>`, one line' } } } })
  key(): string {
    return `${this.log.verifierKey}\n`;
  }

  @Get('tile/*')
  @ApiOperation({ summary: 'A tile (C2SP tlog-tiles): tile/<L>/<N>[.p/<W>] hashes, tile/entries/<N>[.p/<W>] an entry bundle; full tiles are immutable' })
  @ApiParam({ name: 'path', description: 'the rest of the tile path: `<L>/<N>[.p/<W>]` or `entries/<N>[.p/<W>]`, N in three-digit groups (x001/234)', example: '0/000.p/7' })
  @ApiOkResponse({
    content: {
      'application/octet-stream': {
        schema: { type: 'string', format: 'binary', description: 'hashes (32 bytes each) or an entry bundle (uint16 big-endian length-prefixed entries)' },
      },
    },
  })
  @ApiErrors(STORE_ERRORS, { 404: ['LOG_TILE_NOT_FOUND'] })
  async tile(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const path = request.url.split('?')[0].replace(/^.*?\/log\//, '');
    const { data, full } = await this.log.tile(path);
    reply.header('Content-Type', 'application/octet-stream');
    reply.header('Cache-Control', full ? IMMUTABLE : SHORT);
    return data;
  }

  @Get('proof/consistency')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiOperation({ summary: 'The consistency proof (RFC 9162) from the tree of `from` entries to the tree of `to`: one base64 hash a line' })
  @ApiOkResponse({ content: { 'text/plain': { schema: { type: 'string', description: 'one base64 hash a line' } } } })
  @ApiErrors(STORE_ERRORS, { 400: ['LOG_SIZE_OUT_OF_RANGE'] })
  async consistency(@Query('from') from: string, @Query('to') to: string): Promise<string> {
    const size = (value: string | undefined) => (value !== undefined && /^(0|[1-9][0-9]*)$/.test(value) ? Number(value) : NaN);
    if (Number.isNaN(size(from)) || Number.isNaN(size(to))) throw new LogSizeOutOfRange(`from and to must be tree sizes (decimal, no leading zeroes); got from=${from}, to=${to}`);
    const proof = await this.log.consistency(size(from), size(to));
    return proof.map((hash) => `${formatHash(hash)}\n`).join('');
  }
}

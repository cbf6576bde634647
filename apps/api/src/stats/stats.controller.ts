import { Caller, StatsReader } from '@matchlog/matches';
import { toCsv } from '@matchlog/stats';
import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentCaller } from '../auth/caller.guard';
import { CardStatsQueryDto, StatsQueryDto } from '../dto/stats.query';
import { ApiErrors, CATALOG_ERRORS, STORE_ERRORS } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';
import { ApiOptionalToken } from '../openapi/security.decorators';

const RATES =
  'Every rate is { wins, games, rate, low, high, lowSample }: low and high the 95% Wilson interval, lowSample under 30 games. Counted: matches that ended and were not voided. Definitions and sources: docs/reference/stats.md. ';
const CSV = 'output=csv (or Accept: text/csv): text/csv, one row per line of the table, each rate as <name>, <name>Low, <name>High, <name>Games, <name>Wins, <name>LowSample.';

const wantsCsv = (query: StatsQueryDto, accept: string | undefined): boolean => query.output === 'csv' || (query.output === undefined && /\btext\/csv\b/.test(accept ?? ''));

const asCsv = (reply: FastifyReply, name: string, rows: readonly object[]): string => {
  // set here, not by decorator, so an error answers as JSON
  reply.header('Content-Type', 'text/csv; charset=utf-8');
  reply.header('Content-Disposition', `attachment; filename="${name}.csv"`);
  return toCsv(rows);
};

/** Card and deck statistics (libs/stats): public figures for anyone, a player's own with their token, an event's for its organizer. */
@ApiTags('stats')
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsReader) {}

  @Get('cards')
  @ApiOptionalToken()
  @ApiOperation({
    summary: 'The card table: per card, games, copies played, played win rate, turn first played, quests, lore, challenges, banishes, songs',
    description:
      RATES +
      "From the spectators' observations only. With a player's token, also `own`: that player's opening-hand, drawn, in-hand and not-seen win rates and mulligan rate per card, from their own observations of their token's match. With the organizer key and `event`, also `event`: the 17lands family over the event, released only once every match of it has ended and over at least minPlayers players (default 20). " +
      CSV,
  })
  @ApiProduces('application/json', 'text/csv')
  @Returns(200, 'CardStats')
  @ApiErrors(STORE_ERRORS, CATALOG_ERRORS)
  async cards(@CurrentCaller() caller: Caller, @Query() query: CardStatsQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await this.stats.cards(caller, query);
    if (!wantsCsv(query, accept)) return answer;
    if (query.table === 'own') return asCsv(reply, 'own-cards', answer.own?.cards ?? []);
    if (query.table === 'event') return asCsv(reply, 'event-cards', answer.event?.released === true ? answer.event.cards : []);
    return asCsv(reply, 'cards', answer.cards);
  }

  @Get('cards/:name')
  @ApiParam({ name: 'name', description: 'the card\'s definition as matches name it, e.g. "Ariel - On Human Legs" (URL-encoded)' })
  @ApiOperation({ summary: "One card's public figures, with its turn-first-played histogram (firstTurns: turn → games)", description: RATES + CSV })
  @ApiProduces('application/json', 'text/csv')
  @Returns(200, 'CardStatsOne')
  @ApiErrors(STORE_ERRORS, CATALOG_ERRORS, { 404: ['STATS_CARD_NOT_FOUND'] })
  async card(
    @CurrentCaller() caller: Caller,
    @Param('name') name: string,
    @Query() query: StatsQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const answer = await this.stats.card(caller, name, query);
    return wantsCsv(query, accept) ? asCsv(reply, 'card', [answer.card]) : answer;
  }

  @Get('decks')
  @ApiOperation({
    summary: 'Per ink pair: games, win rate, on the play and on the draw, meta share',
    description: RATES + 'Only matches created with publicDeckLists: their deck lists are public once they end. ' + CSV,
  })
  @ApiProduces('application/json', 'text/csv')
  @Returns(200, 'DeckStats')
  @ApiErrors(STORE_ERRORS, CATALOG_ERRORS)
  async decks(@CurrentCaller() caller: Caller, @Query() query: StatsQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await this.stats.decks(caller, query);
    return wantsCsv(query, accept) ? asCsv(reply, 'decks', answer.decks) : answer;
  }

  @Get('leads')
  @ApiOperation({
    summary: "Per game, what makes a deck: Four Souls' characters by seat count, Grand Archive's champions (none for Lorcana)",
    description:
      RATES +
      "From the spectators' observations only: a Four Souls character is the Character in its player's play zone from the setup on; a Grand Archive champion is the last card of type Champion put into its player's field. " +
      CSV,
  })
  @ApiProduces('application/json', 'text/csv')
  @Returns(200, 'LeadStats')
  @ApiErrors(STORE_ERRORS, CATALOG_ERRORS)
  async leads(@CurrentCaller() caller: Caller, @Query() query: StatsQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await this.stats.leads(caller, query);
    return wantsCsv(query, accept) ? asCsv(reply, 'leads', answer.leads) : answer;
  }

  @Get('matchups')
  @ApiOperation({ summary: 'Win rate of each ink pair against each opposing ink pair', description: RATES + 'Only matches created with publicDeckLists. ' + CSV })
  @ApiProduces('application/json', 'text/csv')
  @Returns(200, 'MatchupStats')
  @ApiErrors(STORE_ERRORS, CATALOG_ERRORS)
  async matchups(@CurrentCaller() caller: Caller, @Query() query: StatsQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await this.stats.matchups(caller, query);
    return wantsCsv(query, accept) ? asCsv(reply, 'matchups', answer.matchups) : answer;
  }
}

import { Caller, RoundResults, RoundResultsReader, roundResultsCsv } from '@matchlog/matches';
import { CurrentCaller } from '../auth/caller.guard';
import { ApiOptionalToken } from '../openapi/security.decorators';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RoundResultsQuery } from '../dto/round-results.query';
import { ApiErrors, CATALOG_ERRORS, STORE_ERRORS } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';

/** A round's result slip, for the scorekeeper: public, as the match history is. */
@ApiTags('results')
@Controller('rounds')
export class RoundResultsController {
  constructor(private readonly results: RoundResultsReader) {}

  @Get('results')
  @ApiOptionalToken()
  @ApiOperation({
    summary: "A round's result slip: every table, its games and the match result",
    description:
      'Tables by table number, games by game number. result follows the Swiss end-of-match procedure: the player with more game wins; equal wins with no game left is a drawn match; decided is false while a game is in progress or one still to play could change it. ' +
      "A game created with a broadcastDelay holds back the same window (unless broadcastDelay.holdBackPublic is false): it is on the slip once its MatchCreated is past the delay, its end and void once those are, for anyone but the organizer key and the game's own judge, recorder and player tokens. " +
      'A single-elimination match (tournament.singleElimination) has no drawn matches: it stays undecided, and its players play on past bestOf. A game number two matches record decides nothing (duplicateGames), and neither does a game with no number at a table that already has a game (unnumberedDuplicates): each such game is marked duplicate until the organizer voids it (POST /matches/:id/void) or it is recorded again with its number. A void match (voided) counts for nothing. A round with no match recorded answers an empty list of tables. ' +
      'Read your writes: send ?after= the position of your last append (a 503 CATALOG_BEHIND if the catalog cannot reach it in time). ' +
      '?format=csv: text/csv, header table,player1,player1_name,player2,player2_name,player1_wins,player2_wins,draws,result,decided,games,duplicates,void (result: the winner, draw, or empty while undecided; games: each game\'s winner, draw or void, separated by ";"; duplicates and void: those games\' match ids, separated by ";").',
  })
  @ApiProduces('application/json', 'text/csv')
  @Returns(200, 'RoundResults')
  @ApiErrors(STORE_ERRORS, CATALOG_ERRORS)
  async slip(@CurrentCaller() caller: Caller, @Query() query: RoundResultsQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<RoundResults | string> {
    const results = await this.results.results(caller, query.event, query.round, query.after);
    if (query.format !== 'csv') return results;
    // set here, not by decorator, so an error answers as JSON
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="round-${query.round}-results.csv"`);
    return roundResultsCsv(results);
  }
}

import { MatchClocks } from '@matchlog/matches';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { JudgeOfMatch } from '../auth/requires';
import { ApiErrors, ROLE_ERRORS, STORE_ERRORS } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';
import { ApiToken } from '../openapi/security.decorators';

/** The judge's clock of a match. Judge token or organizer key. */
@ApiTags('audit')
@JudgeOfMatch()
@ApiToken()
@Controller('matches/:id')
export class MatchClockController {
  constructor(private readonly clocks: MatchClocks) {}

  @Get('clock')
  @ApiOperation({
    summary: "The match's clock, from the recorded times",
    description:
      "From the time recorded with each event (the server's; an imported match keeps the times of the log it verified, and says so in `times`): each turn with its player, start, end and seconds; " +
      'per player the total, the number of turns and the longest; the 5 longest gaps between events with the active player then; time called, the extensions, and the turns played after time against those the ' +
      "tournament rules allow; the turns longer than the organizer's MATCHLOG_SLOW_TURN_SECONDS.",
  })
  @Returns(200, 'MatchClock')
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 404: ['MATCH_NOT_FOUND'] })
  clock(@Param('id') id: string) {
    return this.clocks.clock(id);
  }
}

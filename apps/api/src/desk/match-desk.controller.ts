import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { answerPolled } from './etag';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, JudgeDesk } from '@matchlog/matches';
import { CallerOfMatch, JudgeOfMatch } from '../auth/requires';
import { CurrentCaller } from '../auth/caller.guard';
import { CallActionDto, CallJudgeDto, NoteDto, RulingDto } from '../dto/desk.dto';
import { ApiErrors, BODY_ERRORS, DOMAIN_CODES, ROLE_ERRORS, STORE_ERRORS, WRITE_ERRORS } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';
import { ApiToken } from '../openapi/security.decorators';

const DESK_WRITE = [BODY_ERRORS, ROLE_ERRORS, STORE_ERRORS, WRITE_ERRORS, { 404: ['MATCH_NOT_FOUND'], 422: ['FREE_TEXT_NAMES_HIDDEN_CARD', ...DOMAIN_CODES] }] as const;

/** The judge's desk of one match (docs/guides/judging.md): calls, their claim, escalation and resolution, rulings, notes. */
@ApiTags('desk')
@Controller('matches/:id')
export class MatchDeskController {
  constructor(private readonly desk: JudgeDesk) {}

  @Post('calls')
  @CallerOfMatch()
  @ApiToken()
  @ApiOperation({
    summary: "Call a judge (a player's token, the recorder's, or the organizer key)",
    description:
      'A JudgeCalled at the match head, about revision `at`. A player token calls as its seat, the recorder token as "recorder". The reason reaches the judge and the caller only; it must name no card hidden from the caller (422 FREE_TEXT_NAMES_HIDDEN_CARD). Accepted after the game ended too.',
  })
  @Returns(201, 'CallMade')
  @ApiErrors(...DESK_WRITE)
  call(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() body: CallJudgeDto) {
    return this.desk.call(caller, id, body);
  }

  @Get('calls')
  @JudgeOfMatch()
  @ApiToken()
  @ApiOperation({
    summary: "The match's judge calls, oldest first (its judge token or the organizer key)",
    description: 'With an ETag: an unchanged list answers 304 to If-None-Match.',
  })
  @Returns(200, 'DeskCalls')
  @ApiErrors(ROLE_ERRORS, STORE_ERRORS, { 404: ['MATCH_NOT_FOUND'] })
  async calls(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return answerPolled(reply, ifNoneMatch, { calls: await this.desk.callsOf(caller, id) });
  }

  @Post('calls/:callId/claim')
  @HttpCode(200)
  @JudgeOfMatch()
  @ApiToken()
  @ApiOperation({
    summary: 'A judge takes the call (its judge token or the organizer key)',
    description: '404 UNKNOWN_CALL for a call the match does not have; 409 CALL_RESOLVED once it is resolved.',
  })
  @Returns(200, 'DeskRevision')
  @ApiErrors(...DESK_WRITE, { 404: ['UNKNOWN_CALL'], 409: ['CALL_RESOLVED'] })
  claim(@CurrentCaller() caller: Caller, @Param('id') id: string, @Param('callId') callId: string, @Body() body: CallActionDto) {
    return this.desk.claim(caller, id, callId, body);
  }

  @Post('calls/:callId/escalate')
  @HttpCode(200)
  @JudgeOfMatch()
  @ApiToken()
  @ApiOperation({
    summary: 'The call goes to the head judge (its judge token or the organizer key)',
    description: 'reason: why (judge-only). 404 UNKNOWN_CALL, 409 CALL_RESOLVED as for claim.',
  })
  @Returns(200, 'DeskRevision')
  @ApiErrors(...DESK_WRITE, { 404: ['UNKNOWN_CALL'], 409: ['CALL_RESOLVED'] })
  escalate(@CurrentCaller() caller: Caller, @Param('id') id: string, @Param('callId') callId: string, @Body() body: CallActionDto) {
    return this.desk.escalate(caller, id, callId, body);
  }

  @Post('calls/:callId/resolve')
  @HttpCode(200)
  @JudgeOfMatch()
  @ApiToken()
  @ApiOperation({ summary: 'The call is resolved (its judge token or the organizer key)', description: '404 UNKNOWN_CALL, 409 CALL_RESOLVED as for claim.' })
  @Returns(200, 'DeskRevision')
  @ApiErrors(...DESK_WRITE, { 404: ['UNKNOWN_CALL'], 409: ['CALL_RESOLVED'] })
  resolve(@CurrentCaller() caller: Caller, @Param('id') id: string, @Param('callId') callId: string, @Body() body: CallActionDto) {
    return this.desk.resolve(caller, id, callId, body);
  }

  @Post('rulings')
  @JudgeOfMatch()
  @ApiToken()
  @ApiOperation({
    summary: 'A ruling (its judge token or the organizer key)',
    description:
      "A RulingGiven; with `seconds`, a TimeExtended of those seconds with the reason \"a judge's ruling\" in the same batch (400 before the game's end only). penalty: one of GET /desk/penalties for the match's game. The players read infraction, penalty, remedy and seconds; text and judge are judge-only. 404 UNKNOWN_CALL for a callId the match does not have.",
  })
  @Returns(201, 'RulingMade')
  @ApiErrors(...DESK_WRITE, { 404: ['UNKNOWN_CALL'] })
  rule(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() body: RulingDto) {
    return this.desk.rule(caller, id, body);
  }

  @Post('notes')
  @JudgeOfMatch()
  @ApiToken()
  @ApiOperation({
    summary: "A judge's note at a revision (its judge token or the organizer key)",
    description: 'Judge-only unless published; a published note must name no card hidden from any audience.',
  })
  @Returns(201, 'NoteMade')
  @ApiErrors(...DESK_WRITE)
  note(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() body: NoteDto) {
    return this.desk.note(caller, id, body);
  }
}

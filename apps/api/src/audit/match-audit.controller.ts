import { MatchAudit } from '@matchlog/matches';
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { JudgeOfMatch } from '../auth/requires';
import { AtQuery } from '../dto/queries.dto';
import { ApiErrors, BODY_ERRORS, ROLE_ERRORS, STORE_ERRORS } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';
import { ApiToken } from '../openapi/security.decorators';
import { DeliveriesDto } from './deliveries.dto';

/** What judges and auditors ask of a match: who knew what, which rules were broken, what leaked. Judge token or organizer key. */
@ApiTags('audit')
@JudgeOfMatch()
@ApiToken()
@Controller('matches/:id')
export class MatchAuditController {
  constructor(private readonly audits: MatchAudit) {}

  @Get('knowledge')
  @ApiOperation({
    summary: 'The knowledge ledger at a revision',
    description:
      'For every card: who could identify it, since when and how (drew it, looked at it, it was revealed, …) and when they lost track (a shuffle, an unseen placement). For every hidden deck: which positions are known to whom, and which are still random.',
  })
  @Returns(200, 'KnowledgeReport')
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 400: ['VALIDATION_FAILED', 'REVISION_OUT_OF_RANGE', 'INVALID_REVISION'], 404: ['MATCH_NOT_FOUND'] })
  knowledge(@Param('id') id: string, @Query() query: AtQuery) {
    return this.audits.knowledge(id, query.at);
  }

  @Get('audit')
  @ApiOperation({
    summary: 'Rule findings, fair-shuffle checks and the self-audit',
    description:
      'Each finding: revision, eventId, a stable code, the rule cited (e.g. "lorcana 7.2.2"), severity, a title (a few words), the players involved, a message. Title and message in Spanish with Accept-Language: es.',
  })
  @Returns(200, 'AuditReport')
  @ApiHeader({ name: 'accept-language', required: false, description: 'es for Spanish messages' })
  @ApiErrors(STORE_ERRORS, ROLE_ERRORS, { 404: ['MATCH_NOT_FOUND'], 503: ['CATALOG_BEHIND'] })
  audit(@Param('id') id: string, @Headers('accept-language') acceptLanguage?: string) {
    return this.audits.audit(id, acceptLanguage);
  }

  @Post('audit/deliveries')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Leak check of what was actually sent to someone',
    description:
      'Every card identity (a definition or a recorder card id) in a payload that its audience could not know at that revision, with its path in the payload. An empty list: nothing leaked.',
  })
  @Returns(200, 'DeliveryLeaks')
  @ApiErrors(BODY_ERRORS, STORE_ERRORS, ROLE_ERRORS, { 400: ['INVALID_DELIVERY'], 404: ['MATCH_NOT_FOUND'] })
  deliveries(@Param('id') id: string, @Body() body: DeliveriesDto) {
    return this.audits.deliveries(id, body.deliveries);
  }
}

import { jwksOf } from '@matchlog/audit';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { KeyObject } from 'crypto';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';
import { SIGNING_KEY } from '../injection-keys';

@ApiTags('integrity')
@Controller('.well-known')
export class JwksController {
  constructor(@Inject(SIGNING_KEY) private readonly key: KeyObject) {}

  @Get('jwks.json')
  @ApiOperation({
    summary: 'The public keys that sign chain heads (JWKS, RFC 7517; Ed25519 as in RFC 8037), each with its RFC 7638 thumbprint as kid',
    description: 'Pin it offline: npx matchlog verify match.jsonl --key jwks.json',
  })
  @Returns(200, 'Jwks')
  @ApiErrors()
  jwks() {
    return jwksOf([this.key]);
  }
}

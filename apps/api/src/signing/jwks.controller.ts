import { jwksOf } from '@matchlog/audit/chain/signed-head';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { KeyObject } from 'crypto';
import { SIGNING_KEY } from '../tokens';

@ApiTags('integrity')
@Controller('.well-known')
export class JwksController {
  constructor(@Inject(SIGNING_KEY) private readonly key: KeyObject) {}

  @Get('jwks.json')
  @ApiOperation({ summary: 'The public keys that sign chain heads (JWKS, RFC 7517; Ed25519 as in RFC 8037), each with its RFC 7638 thumbprint as kid', description: 'Pin it offline: npx matchlog verify match.jsonl --key jwks.json' })
  @ApiOkResponse({ schema: { example: { keys: [{ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo', kid: 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k', use: 'sig', alg: 'EdDSA' }] } } })
  jwks() {
    return jwksOf([this.key]);
  }
}

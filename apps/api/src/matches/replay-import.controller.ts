import { DEFAULT_REPLAY_LIMIT, ReplayImported, ReplayImports } from '@matchlog/matches';
import { Body, Controller, Inject, Post, Query, Req, UnsupportedMediaTypeException } from '@nestjs/common';
import { TcgOnlineImportQuery } from '../dto/queries.dto';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Organizer } from '../auth/requires';
import { bytesOf } from '../config/byte-size';
import { ApiConfig } from '../config/config';
import { ApiErrors, BODY_ERRORS, CATALOG_ERRORS, DOMAIN_CODES, ROLE_ERRORS, STORE_ERRORS, TOKEN_ISSUING_ERRORS, WRITE_ERRORS } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';
import { ApiToken } from '../openapi/security.decorators';
import { API_CONFIG } from '../injection-keys';

export { TCG_ONLINE_IMPORT_PATH } from './import-path';

/** Real games in: a replay tcg.online's players download, as a match (docs/explanation/importing.md). */
@ApiTags('matches')
@Controller('matches/import')
export class ReplayImportController {
  private readonly maxBytes: number;

  constructor(
    /** the core's command: every upload converted in conversion processes, never on the event loop (docs/explanation/importing.md, "Limits") */
    private readonly imports: ReplayImports,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.maxBytes = bytesOf(config.replayLimit ?? '') ?? DEFAULT_REPLAY_LIMIT;
  }

  @Post('tcg-online')
  @Organizer()
  @ApiToken()
  @ApiConsumes('application/json', 'application/zip', 'application/x-zip-compressed')
  @ApiBody({
    schema: {
      type: 'object',
      description: "tcg.online's replay.json (version 2), or the .zip its download button gives (application/zip, or application/x-zip-compressed as Windows browsers label it)",
    },
  })
  @ApiOperation({
    summary: 'Import a tcg.online Lorcana replay (organizer key)',
    description:
      "The replay's patches are applied in order and every step becomes events (docs/explanation/importing.md), each recorded at the step's own time; p1 is playerIds[0]. The series is tournament.event (from the replay's matchId), round 1, table 1; ?game= and ?bestOf= number the game in it (tournament.game, bestOf). Without ?game=, the games of a series are numbered in the order they began, as they are imported: a game that began before one already imported is 409 REPLAY_SERIES_OUT_OF_ORDER naming it, and a game past the series' bestOf (outside single elimination) 409 REPLAY_SERIES_FULL; two games of one series sent at once are numbered one after the other. The match id is tcg-online-<gameId>: the same game imported again is 409 REPLAY_ALREADY_IMPORTED naming it. A replay that cannot be read or explained is refused whole, and nothing is stored. Returns tokens as POST /matches does. A replay file holds both hands and both decks in order: it is a judge's view; `exposes` lists, per audience, what the file names that the audience did not see. `steps` maps the replay's steps (indexes into its steps array) to the match's revisions, {step, from, to} with both ends included; a step that made no event is not listed; each event's meta.step (judges only) names its step too.",
  })
  @Returns(201, 'ReplayImported')
  @ApiErrors(BODY_ERRORS, ROLE_ERRORS, STORE_ERRORS, WRITE_ERRORS, TOKEN_ISSUING_ERRORS, CATALOG_ERRORS, {
    400: ['REPLAY_UNREADABLE'],
    409: ['REPLAY_ALREADY_IMPORTED', 'REPLAY_SERIES_OUT_OF_ORDER', 'REPLAY_SERIES_FULL'],
    413: ['REPLAY_TOO_LARGE'],
    422: [
      'REPLAY_MALFORMED',
      'REPLAY_VERSION_UNSUPPORTED',
      'REPLAY_UNKNOWN_CARD',
      'REPLAY_PATCH_FAILED',
      'REPLAY_STEP_UNEXPLAINED',
      'REPLAY_TIME_IMPLAUSIBLE',
      'REPLAY_ENTRIES_AMBIGUOUS',
      'REPLAY_TIME_LIMIT',
      'REPLAY_MEMORY_LIMIT',
      'REPLAY_CONVERSION_FAILED',
      ...DOMAIN_CODES,
    ],
  })
  // the request itself, not @Headers: Content-Type is the request body's media type in OpenAPI, never a header parameter
  tcgOnline(@Body() body: unknown, @Query() query: TcgOnlineImportQuery, @Req() request: { headers: { 'content-type'?: string } }): Promise<ReplayImported> {
    const contentType = request.headers['content-type'];
    const zipped = /^application\/(x-zip-compressed|zip)\b/i.test(contentType ?? '');
    if (!zipped && !/^application\/json\b/i.test(contentType ?? '')) throw new UnsupportedMediaTypeException();
    return this.imports.tcgOnline({ body, zipped, maxBytes: this.maxBytes, options: query });
  }
}

import { Migration } from 'kysely';
import * as catalog from './001_catalog';
import * as tokens from './002_tokens';
import * as playerNames from './003_player_names';
import * as tokensFromLog from './004_tokens_from_log';
import * as tokenRevocations from './005_token_revocations';
import * as checkpoints from './006_checkpoints';
import * as matchResults from './007_match_results';
import * as searchKeys from './008_search_keys';
import * as voided from './009_voided';
import * as holdBack from './011_hold_back';
import * as stats from './012_stats';
import * as log from './013_log';
import * as shownFrom from './014_shown_from';

/** Every migration, in order. Listed here (not discovered on disk) so they load the same under any runner. */
export const migrations: Record<string, Migration> = {
  '001_catalog': catalog,
  '002_tokens': tokens,
  '003_player_names': playerNames,
  '004_tokens_from_log': tokensFromLog,
  '005_token_revocations': tokenRevocations,
  '006_checkpoints': checkpoints,
  '007_match_results': matchResults,
  '008_search_keys': searchKeys,
  '009_voided': voided,
  '011_hold_back': holdBack,
  '012_stats': stats,
  '013_log': log,
  '014_shown_from': shownFrom,
};

import { MatchCreated } from '@matchlog/domain';
import { ReplayRefused } from '../../errors';
import { MatchWithTokens, MatchWriter } from '../../write/match-writer';
import type { ReplayConverter } from './conversion-pool';
import { StepRevisions, importedEvents } from './convert-replay';
import type { ReplayUpload } from './convert-upload';
import type { AudienceExposure } from './replay-exposure';
import { SeriesNumbering } from './series-numbering';

/** The import's answer: the match with its tokens, as POST /matches answers, and what the file itself exposes. */
export interface ReplayImported extends MatchWithTokens {
  /** per audience (each player, the public): what the replay file names that this audience did not see in the match */
  readonly exposes: readonly AudienceExposure[];
  /** where each step of the replay is in the match (stepRevisions); each event's meta.step says it too */
  readonly steps: readonly StepRevisions[];
}

/** The match a game of tcg.online becomes: one per gameId, so a second import of the game finds it. */
export const tcgOnlineMatchId = (gameId: string): string => `tcg-online-${gameId}`;

/**
 * POST /matches/import/tcg-online: the upload read (JSON or zip) and converted by `converter` (the server's conversion
 * processes, conversion-pool.ts), numbered in its series (SeriesNumbering), and written as one new match with every
 * event's own time; refused whole (nothing stored) when it cannot be read, converted or validated, or its conversion
 * passes a limit.
 */
export const importTcgOnlineReplay = async (writer: MatchWriter, converter: ReplayConverter, upload: ReplayUpload, series?: SeriesNumbering): Promise<ReplayImported> => {
  const result = await converter.convert(upload);
  if (!result.ok) throw new ReplayRefused(result.refusal);
  const { converted, exposes, steps } = result;
  const matchId = tcgOnlineMatchId(converted.source.gameId);
  const write = (created: MatchCreated) => writer.importReplay(matchId, created, converted.createdAt, importedEvents(converted), 'organizer');
  const imported = await (series ? series.run({ matchId, created: converted.created, createdAt: converted.createdAt }, write) : write(converted.created));
  return { ...imported, exposes, steps };
};

import { MatchCreated } from '@matchlog/domain';
import { ReplayRefused, ReplaySeriesOutOfOrder } from '../../errors';
import { MatchWithTokens, MatchWriter } from '../../write/match-writer';
import type { ReplayConverter } from './conversion-pool';
import { ConvertedReplay, StepRevisions, importedEvents } from './convert-replay';
import type { ReplayUpload } from './convert-upload';
import type { AudienceExposure } from './replay-exposure';

/** The import's answer: the match with its tokens, as POST /matches answers, and what the file itself exposes. */
export interface ReplayImported extends MatchWithTokens {
  /** per audience (each player, the public): what the replay file names that this audience did not see in the match */
  readonly exposes: readonly AudienceExposure[];
  /** where each step of the replay is in the match (stepRevisions); each event's meta.step says it too */
  readonly steps: readonly StepRevisions[];
}

/** The match a game of tcg.online becomes: one per gameId, so a second import of the game finds it. */
export const tcgOnlineMatchId = (gameId: string): string => `tcg-online-${gameId}`;

/** The games an event already holds, and when each began (RoundResultsReader.startsOf). */
export interface SeriesGames {
  startsOf(event: string): Promise<readonly { readonly matchId: string; readonly startedAt: string }[]>;
}

/**
 * The game's number in its series when the caller gave none: a replay does not say it (FORMAT.md §4), so the games of a
 * series are numbered in the order they began, as they are imported: one more than the games of the series already
 * here. A game that began before one already imported would take that one's number: refused, naming it.
 */
const numbered = async (converted: ConvertedReplay, series: SeriesGames | undefined): Promise<MatchCreated> => {
  const { created, createdAt, source } = converted;
  const event = created.tournament?.event;
  if (series === undefined || event === undefined || created.tournament?.game !== undefined) return created;
  const others = (await series.startsOf(event)).filter((game) => game.matchId !== tcgOnlineMatchId(source.gameId));
  const later = others.find((game) => Date.parse(game.startedAt) > Date.parse(createdAt));
  if (later !== undefined) throw new ReplaySeriesOutOfOrder(later.matchId);
  return { ...created, tournament: { ...created.tournament, game: others.length + 1 } };
};

/**
 * POST /matches/import/tcg-online: the upload read (JSON or zip) and converted by `converter` (the server's conversion
 * processes, conversion-pool.ts), numbered in its series, and written as one new match with every event's own time;
 * refused whole (nothing stored) when it cannot be read, converted or validated, or its conversion passes a limit.
 */
export const importTcgOnlineReplay = async (writer: MatchWriter, converter: ReplayConverter, upload: ReplayUpload, series?: SeriesGames): Promise<ReplayImported> => {
  const result = await converter.convert(upload);
  if (!result.ok) throw new ReplayRefused(result.refusal);
  const { converted, exposes, steps } = result;
  const created = await numbered(converted, series);
  const imported = await writer.importTimed(tcgOnlineMatchId(converted.source.gameId), created, converted.createdAt, importedEvents(converted), 'organizer');
  return { ...imported, exposes, steps };
};

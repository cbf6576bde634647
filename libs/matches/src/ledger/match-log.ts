import { LogReader } from './log-reader';

/** `GET /matches/:id/log`: the match's entries in the published tree, and that checkpoint (null before the first). */
export interface MatchLog {
  readonly entries: readonly { readonly index: number; readonly kind: string; readonly revision: number }[];
  readonly checkpoint: { readonly size: number; readonly signedAt: string; readonly cosignatures: number } | null;
}

/** The match's published entries: public, as an entry is logged only once the public may see it. */
export const matchLogOf = async (log: Pick<LogReader, 'entriesOf' | 'published'>, matchId: string): Promise<MatchLog> => {
  const published = await log.published();
  if (published === undefined) return { entries: [], checkpoint: null };
  const { size, signedAt, cosignatures } = published;
  return { entries: await log.entriesOf(matchId), checkpoint: { size, signedAt, cosignatures } };
};

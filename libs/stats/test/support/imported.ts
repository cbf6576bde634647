import { MatchEvent } from '@matchlog/domain';
import { convertTcgOnlineReplay, importedEvents } from '@matchlog/matches';
import { sharedReplays } from '@matchlog/testkit';

export interface ImportedReplay {
  readonly name: string;
  /** the replay file's JSON, as tcg.online's engine wrote it */
  readonly raw: RawReplay;
  readonly events: MatchEvent[];
}

/** The parts of a tcg.online replay (../shared/replays/tcg-online/FORMAT.md §1, §3) a hand count reads. */
export interface RawReplay {
  readonly playerIds: readonly string[];
  readonly cardsMaps: { readonly owners: Readonly<Record<string, readonly string[]>> };
  readonly steps: readonly { readonly acceptedMove: { readonly turnNumber: number }; readonly logs: readonly RawLog[] }[];
  readonly metadata: { readonly winnerId?: string };
}

export interface RawLog {
  readonly type: string;
  readonly playerId: string;
  readonly cardId?: string;
  readonly loreGained?: number;
  readonly cardIds?: readonly string[];
  readonly attackerId?: string;
  readonly banished?: readonly string[];
  readonly singerIds?: readonly string[];
  readonly outcomes?: { readonly cardsBanished?: readonly string[] };
}

/** One of ../shared/replays/tcg-online's `.replay.json` files imported as the existing stats tests do: MatchCreated, then every step's events. */
export const importedReplay = (prefix: string, publicDeckLists = false): ImportedReplay => {
  const sample = sharedReplays().find((replay) => replay.name.startsWith(prefix) && replay.name.endsWith('.replay.json'));
  if (sample === undefined) throw new Error(`no shared replay ${prefix}…`);
  const converted = convertTcgOnlineReplay(sample.json);
  if (!converted.ok) throw new Error(`${sample.name}: ${JSON.stringify(converted)}`);
  let n = 0;
  const stamp = (type: string, data: unknown) => ({ id: `e${++n}`, type, data, meta: { recordedBy: 'organizer', recordedAt: converted.createdAt } }) as MatchEvent;
  const events = [
    stamp('MatchCreated', { ...converted.created, ...(publicDeckLists && { publicDeckLists: true }) }),
    ...importedEvents(converted).map((e) => stamp(e.type, e.data)),
  ];
  return { name: sample.name, raw: JSON.parse(sample.json) as RawReplay, events };
};

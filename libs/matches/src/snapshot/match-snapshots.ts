import { MatchEvent, Seat } from '@matchlog/domain';
import { EventStore } from '@matchlog/store';
import type { MatchModel } from '../model/match-model';
import { asMatchEvent } from '../model/read-match-events';
import { RestoredStart, restoreSnapshot, seatedAudiences, takeSnapshot } from './match-snapshot';
import { verifySnapshot, signSnapshot } from './snapshot-signature';

/** MATCHLOG_SNAPSHOT_EVERY's default: a snapshot each time a match passes another thousand events. */
export const DEFAULT_SNAPSHOT_EVERY = 1_000;
/** the most events of one seat the background writer folds in one turn of the event loop */
export const SEAT_SLICE = 100;

/**
 * A snapshot's heap, in the replay cache's unit (events held): a cached event holds about 1 KB of heap
 * (bench/replay-memory.bench.ts), and a snapshot about 2.5 times its JSON, so one event per 400 bytes.
 */
export const SNAPSHOT_BYTES_PER_EVENT = 400;

/** A match started at its latest snapshot: the snapshot's start, the log's events after it, and what the snapshot weighs in events. */
export interface FromSnapshot {
  readonly start: RestoredStart;
  readonly tail: MatchEvent[];
  readonly weight: number;
}

/**
 * Snapshots of matches, so that a first view reads the log after the latest one only. Kept beside the
 * log, the latest of each match (EventStore.writeSnapshot), out of every consumer's path. Written in the
 * background by the instance that appended, each time a match passes a multiple of `every` events
 * (0: none written, none read); a failed write is logged and forgotten. Read only to start a model,
 * and used only when the log's event at the snapshot's revision has the hash it records and its MAC is
 * this server's (snapshot-signature.ts): never as evidence (the audit, the export and integrity read the log).
 */
export class MatchSnapshots {
  private readonly writing = new Set<string>();

  constructor(
    private readonly store: EventStore,
    /** the MAC key (snapshotSigningKeyOf the server's signing key) */
    private readonly key: Buffer,
    readonly every: number = DEFAULT_SNAPSHOT_EVERY,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** The model moved on from revision `after`: past a multiple of `every`, a snapshot of it is taken and stored, after this call returns. */
  advanced(model: MatchModel, after: number): void {
    const revision = model.revision;
    if (this.every <= 0 || Math.floor(revision / this.every) === Math.floor(after / this.every) || this.writing.has(model.matchId)) return;
    this.writing.add(model.matchId);
    this.write(model, revision)
      .catch((error: unknown) => this.log(`snapshot of ${model.matchId} at ${revision} not written: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.writing.delete(model.matchId));
  }

  /** The match from its latest snapshot, checked against the log; undefined when it has none, or none that checks out. */
  async restore(matchId: string): Promise<FromSnapshot | undefined> {
    if (this.every <= 0) return undefined;
    try {
      const latest = await this.store.readSnapshot(matchId);
      const revision = (latest as { revision?: unknown } | undefined)?.revision;
      if (!latest || typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 1) return undefined;
      const [[created], fromRevision] = await Promise.all([this.store.readStream(matchId, { maxCount: 1 }), this.store.readStream(matchId, { from: revision })]);
      const at = fromRevision[0]?.revision === revision ? asMatchEvent(fromRevision[0]) : undefined;
      const start = restoreSnapshot(verifySnapshot(this.key, latest), created && asMatchEvent(created), at);
      if (!start) {
        this.log(`snapshot of ${matchId} at ${revision} does not match the log (its hash, MAC, version or shape): not used, the whole log is read`);
        return undefined;
      }
      const bytes = (latest as { body?: string }).body?.length ?? 0;
      return { start, tail: fromRevision.slice(1).map(asMatchEvent), weight: Math.ceil(bytes / SNAPSHOT_BYTES_PER_EVENT) };
    } catch (error) {
      this.log(`snapshot of ${matchId} not read: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /**
   * The seats are folded at most SEAT_SLICE events per turn of the event loop, so that requests go on
   * meanwhile: a seat nobody read on this instance (the writer's model after a restart) is folded from
   * the model's start, which for a long match is far more than one turn should hold.
   */
  private async write(model: MatchModel, revision: number): Promise<void> {
    await nextTurn();
    const state = model.replay.stateAt(revision);
    const event = model.replay.eventAt(revision);
    const seats = new Map<string, Seat>();
    for (const audience of seatedAudiences(state)) {
      for (let upTo = model.replay.start + SEAT_SLICE; upTo < revision; upTo += SEAT_SLICE) {
        await nextTurn();
        model.replay.seatAt(audience, upTo);
      }
      await nextTurn();
      seats.set(audience, model.replay.seatAt(audience, revision));
    }
    const snapshot = event && takeSnapshot(revision, event, state, seats);
    if (!snapshot) return;
    await this.store.writeSnapshot(model.matchId, signSnapshot(this.key, snapshot));
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

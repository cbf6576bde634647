import type { AppendResult, ExpectedRevision } from '../event-store';
import type { HeldEvent } from '../retry-rule';

/* What the SQLite store's main thread (writer.ts) and its writer thread (writer-thread.ts) tell each other. */

/** What the writer thread is started with (its workerData). */
export interface WriterSetup {
  readonly file: string;
}

/** An event as the store writes it: JSON already made, the id's hash (`idHash`) already taken. */
export interface SerialisedEvent {
  readonly id: string;
  readonly idHash: number;
  readonly type: string;
  readonly data: string;
  readonly meta: string | null;
}

export interface AppendRequest {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly events: readonly SerialisedEvent[];
}

/**
 * What the group's transaction decided for one append. A refused one wrote nothing; `held` is what the
 * store holds under each of its ids (missing when it holds none of them), for the retry rule, which the
 * main thread applies (`earlierAppend`).
 */
export type AppendOutcome =
  | { readonly result: AppendResult }
  | { readonly refused: 'revision'; readonly actual: number; readonly held?: readonly (HeldEvent | undefined)[] }
  | { readonly refused: 'id'; readonly taken: string; readonly held: readonly (HeldEvent | undefined)[] };

/** An error met in the writer thread, as it crosses to the main thread (a structured clone keeps no `code`). */
export interface ErrorReport {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

/** An append posted to the thread, numbered for its answer. */
export type AppendMessage = AppendRequest & { readonly kind: 'append'; readonly request: number };

export type ToWriter =
  /** an append to write; the thread writes every append waiting for it in one transaction (group commit) */
  | AppendMessage
  /** a PRAGMA on the write connection, answered with its simple value */
  | { readonly kind: 'pragma'; readonly request: number; readonly pragma: string }
  /** a stored snapshot (JSON text) to keep under `key`, in place of the one there, in a transaction of its own */
  | { readonly kind: 'snapshot'; readonly request: number; readonly key: string; readonly data: string }
  /** close the connection and end, once what came before is written */
  | { readonly kind: 'close' };

export type FromWriter =
  | { readonly kind: 'ready' }
  /** the write connection could not be opened: the thread ends */
  | { readonly kind: 'unopenable'; readonly error: ErrorReport }
  /** these appends are committed (on disk), with each one's outcome */
  | { readonly kind: 'committed'; readonly requests: readonly number[]; readonly outcomes: readonly AppendOutcome[] }
  /** these appends' transaction failed: none of them wrote anything */
  | { readonly kind: 'failed'; readonly requests: readonly number[]; readonly error: ErrorReport }
  /** the answer to a PRAGMA or a snapshot: its value, or the error it met */
  | { readonly kind: 'answer'; readonly request: number; readonly value?: unknown; readonly error?: ErrorReport };

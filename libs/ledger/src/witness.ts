import { Checkpoint, openCheckpoint, parseCheckpoint } from './checkpoint';
import { Cosigner, cosign } from './cosignature';
import { Hash, formatHash, hashEquals } from './hash';
import { LedgerError } from './ledger-error';
import { NoteVerifier, formatSignatureLine, parseNote } from './signed-note';
import { verifyConsistency } from './merkle-tree';
import { verifierFromKey } from './verifier-key';
import { AddCheckpointRequest, parseAddCheckpointRequest } from './witness-request';

/** What a witness holds for one origin: the latest checkpoint it cosigned. */
export interface WitnessState {
  readonly size: number;
  readonly root: Hash;
  /** the signed checkpoint note, verbatim */
  readonly checkpoint: string;
}

/** A log the witness witnesses: its origin and the keys that sign its checkpoints. */
export interface WitnessedLog {
  readonly origin: string;
  readonly verifiers: readonly NoteVerifier[];
}

export type WitnessRefusal = {
  readonly ok: false;
  /** C2SP tlog-witness: 400 malformed or old > size, 403 no trusted signature, 404 unknown origin, 409 conflict, 422 bad proof */
  readonly status: 400 | 403 | 404 | 409 | 422;
  readonly reason: string;
  /** on a 409 for a stale old size: the size the witness holds (the response body, text/x.tlog.size) */
  readonly heldSize?: number;
};

export type WitnessDecision =
  { readonly ok: true; readonly origin: string; readonly state: WitnessState; readonly cosignature: string; readonly checkpoint: Checkpoint } | WitnessRefusal;

/** The logs named by verifier keys (one a line): a log's key name is its origin. */
export const witnessedLogsFromKeys = (vkeys: readonly string[]): WitnessedLog[] => {
  const byOrigin = new Map<string, NoteVerifier[]>();
  for (const vkey of vkeys) {
    const verifier = verifierFromKey(vkey);
    byOrigin.set(verifier.name, [...(byOrigin.get(verifier.name) ?? []), verifier]);
  }
  return [...byOrigin].map(([origin, verifiers]) => ({ origin, verifiers }));
};

/**
 * The origin an add-checkpoint body claims, unverified: what the witness looks its state up by before deciding.
 * Undefined if the body is malformed (decideAddCheckpoint then says why).
 */
export const claimedOrigin = (body: string): string | undefined => {
  try {
    return parseCheckpoint(parseNote(parseAddCheckpointRequest(body).checkpoint).text).origin;
  } catch {
    return undefined;
  }
};

const refuse = (status: WitnessRefusal['status'], reason: string, heldSize?: number): WitnessRefusal => ({
  ok: false,
  status,
  reason,
  ...(heldSize === undefined ? {} : { heldSize }),
});

const why = (e: unknown): string => (e instanceof LedgerError ? e.message : String(e));

/**
 * C2SP tlog-witness add-checkpoint, the checks in the spec's order, on the state held for the claimed origin
 * (undefined: never cosigned). Pure: the caller stores `state` with a compare-and-set on `held` before answering.
 */
export const decideAddCheckpoint = (input: {
  readonly body: string;
  readonly held: WitnessState | undefined;
  readonly logs: readonly WitnessedLog[];
  readonly cosigner: Cosigner;
  /** POSIX seconds */
  readonly time: number;
}): WitnessDecision => {
  const { body, held, logs, cosigner, time } = input;
  let request: AddCheckpointRequest;
  let claimed: Checkpoint;
  try {
    request = parseAddCheckpointRequest(body);
    claimed = parseCheckpoint(parseNote(request.checkpoint).text);
  } catch (e) {
    return refuse(400, why(e));
  }
  const log = logs.find((l) => l.origin === claimed.origin);
  if (!log) return refuse(404, `this witness does not witness the log "${claimed.origin}"`);
  let checkpoint: Checkpoint;
  let text: string;
  try {
    const opened = openCheckpoint(request.checkpoint, log.verifiers, log.origin);
    checkpoint = opened.checkpoint;
    text = opened.note.text;
  } catch (e) {
    return refuse(403, `the checkpoint is not signed by a key this witness trusts for "${log.origin}": ${why(e)}`);
  }
  const { oldSize, proof } = request;
  if (oldSize > checkpoint.size) return refuse(400, `the old size ${oldSize} is over the checkpoint's size ${checkpoint.size}`);
  const heldSize = held?.size ?? 0;
  if (oldSize !== heldSize) return refuse(409, `the old size ${oldSize} is not the size this witness holds, ${heldSize}`, heldSize);
  if (held && oldSize === checkpoint.size) {
    if (!hashEquals(held.root, checkpoint.root))
      return refuse(409, `a fork: the checkpoint of size ${checkpoint.size} has root ${formatHash(checkpoint.root)}, the one cosigned has ${formatHash(held.root)}`);
    if (proof.length > 0) return refuse(422, 'the consistency proof between two trees of one size must be empty');
  } else if (oldSize === 0) {
    if (proof.length > 0) return refuse(422, 'the consistency proof from size 0 must be empty');
  } else if (!held || !verifyConsistency(oldSize, checkpoint.size, held.root, checkpoint.root, proof)) {
    return refuse(422, `the consistency proof from size ${oldSize} to ${checkpoint.size} does not verify`);
  }
  return {
    ok: true,
    origin: checkpoint.origin,
    checkpoint,
    state: { size: checkpoint.size, root: checkpoint.root, checkpoint: request.checkpoint },
    cosignature: formatSignatureLine(cosign(cosigner, text, time)),
  };
};

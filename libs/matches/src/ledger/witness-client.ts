import { NoteVerifier } from '@matchlog/ledger';

/** A witness the log asks for cosignatures (MATCHLOG_WITNESSES): its C2SP tlog-witness submission prefix and its key. */
export interface LogWitness {
  /** the submission prefix: requests go to `<url>/add-checkpoint` */
  readonly url: string;
  /** its cosignature/v1 verifier (the key name is the witness's name) */
  readonly verifier: NoteVerifier;
}

/** A witness's answer, as it came: the status, its Content-Type and body. */
export interface WitnessResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/**
 * The network to the witnesses (an HTTP adapter in apps/api): POST `<url>/add-checkpoint` with the body. It rejects
 * when no answer came (unreachable, timed out); any answer resolves, whatever its status.
 */
export interface WitnessClient {
  addCheckpoint(url: string, body: string): Promise<WitnessResponse>;
}

/** Why a tcg.online replay is not imported: a value, never a throw. `step` is the 0-based index in `steps`. */
export type ReplayRefusalCode =
  'REPLAY_MALFORMED' | 'REPLAY_VERSION_UNSUPPORTED' | 'REPLAY_UNKNOWN_CARD' | 'REPLAY_PATCH_FAILED' | 'REPLAY_STEP_UNEXPLAINED' | 'REPLAY_TIME_IMPLAUSIBLE';

export interface ReplayRefusal {
  readonly code: ReplayRefusalCode;
  readonly message: string;
  readonly step?: number;
  /** REPLAY_UNKNOWN_CARD: the short id the card table does not have */
  readonly shortId?: string;
  /** the field of replay.json at fault, where one is (`seed`, `metadata.createdAt`) */
  readonly field?: string;
}

export type Refused = { readonly ok: false; readonly refusal: ReplayRefusal };

export const refuse = (code: ReplayRefusalCode, message: string, extra: { step?: number; shortId?: string; field?: string } = {}): Refused => ({
  ok: false,
  refusal: { code, message: extra.step !== undefined ? `step ${extra.step}: ${message}` : message, ...extra },
});

/** Thrown inside the conversion only, turned into a Refused at its boundary. */
export class StepUnexplained extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** What a witness store keeps per origin: the latest checkpoint cosigned, its size and root (standard base64). */
export interface StoredWitnessState {
  readonly size: number;
  readonly root: string;
  /** the signed checkpoint note, verbatim */
  readonly checkpoint: string;
}

/** Where a witness keeps the latest checkpoint it cosigned per origin (libs/store's FileWitnessStore). */
export interface WitnessStore {
  held(origin: string): Promise<StoredWitnessState | undefined>;
  /** Stores `next` for the origin if what it holds is still `expected` (undefined: nothing), atomically; false if it changed. */
  compareAndSet(origin: string, expected: StoredWitnessState | undefined, next: StoredWitnessState): Promise<boolean>;
}

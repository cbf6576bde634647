import { Cosigner, WitnessState, WitnessedLog, claimedOrigin, decideAddCheckpoint, decodeHash, formatHash } from '@matchlog/ledger';
import { WitnessFork, WitnessKeyUntrusted, WitnessLogUnknown, WitnessProofInvalid, WitnessRequestMalformed } from '../errors';
import { StoredWitnessState, WitnessStore } from './witness-store';

const fromStored = (s: StoredWitnessState): WitnessState => {
  const root = decodeHash(s.root);
  if (!root) throw new Error(`the witness store holds a root that is not a hash: ${s.root}`);
  return { size: s.size, root, checkpoint: s.checkpoint };
};

/** What add-checkpoint answers besides an error: the cosignature lines, or (409) the size the witness holds. */
export type WitnessAnswer = { readonly cosignature: string } | { readonly heldSize: number };

/** A C2SP tlog-witness: decides with libs/ledger, stores with a compare-and-set, so two requests never roll a log back. */
export class Witness {
  constructor(
    private readonly store: WitnessStore,
    private readonly logs: readonly WitnessedLog[],
    private readonly cosigner: Cosigner,
    private readonly now: () => number,
  ) {}

  async addCheckpoint(body: string): Promise<WitnessAnswer> {
    const origin = claimedOrigin(body);
    for (;;) {
      const stored = origin === undefined ? undefined : await this.store.held(origin);
      const held = stored && fromStored(stored);
      const decision = decideAddCheckpoint({ body, held, logs: this.logs, cosigner: this.cosigner, time: Math.floor(this.now() / 1000) });
      if (!decision.ok) {
        if (decision.heldSize !== undefined) return { heldSize: decision.heldSize };
        const { status, reason } = decision;
        if (status === 400) throw new WitnessRequestMalformed(reason);
        if (status === 404) throw new WitnessLogUnknown(reason);
        if (status === 403) throw new WitnessKeyUntrusted(reason);
        if (status === 422) throw new WitnessProofInvalid(reason);
        throw new WitnessFork(`${reason}: this witness will not cosign it`);
      }
      const { size, root, checkpoint } = decision.state;
      if (await this.store.compareAndSet(decision.origin, stored, { size, root: formatHash(root), checkpoint })) return { cosignature: decision.cosignature };
    }
  }
}

import { Hash } from './hash';
import { LedgerError } from './ledger-error';
import { verifyInclusion } from './merkle-tree';
import { Policy, PolicyCheck, checkCheckpoint } from './policy';
import { TlogProof } from './tlog-proof';

/**
 * A tlog-proof verified offline, as its spec lists: the checkpoint signed by a listed log and cosigned by the policy's
 * quorum, and the inclusion proof binding `leaf` (the entry's leaf hash, which the caller computes) to its root.
 */
export const checkTlogProof = (proof: TlogProof, leaf: Hash, policy: Policy): PolicyCheck => {
  const checked = checkCheckpoint(proof.checkpoint, policy);
  if (!verifyInclusion(proof.index, checked.checkpoint.size, leaf, proof.inclusion, checked.checkpoint.root))
    throw new LedgerError('PROOF_FAILED', `the inclusion proof does not put this entry at index ${proof.index} in the checkpoint of size ${checked.checkpoint.size}`);
  return checked;
};

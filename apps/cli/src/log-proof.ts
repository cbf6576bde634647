import { LogToVerify } from '@matchlog/audit';
import { LedgerError, MatchEntry, Policy, checkTlogProof, formatHash, formatMatchEntry, leafHash, parsePolicy, parseTlogProof } from '@matchlog/ledger';
import { UsageError } from './args';

/** The log entry an export's signed head is (docs/reference/ledger.md "The server's log"): its kind from the export's last event. */
export const entryOfExport = (log: LogToVerify): MatchEntry | undefined => {
  if (!log.signedHead) return undefined;
  const { matchId, revision, hash, kid } = log.signedHead.head;
  const last = log.events[log.events.length - 1]?.type;
  return { kind: last === 'MatchEnded' ? 'match-ended' : last === 'MatchVoided' ? 'match-voided' : 'receipt', matchId, revision, head: hash, kid };
};

export const policyOf = (text: string, file: string): Policy => {
  try {
    return parsePolicy(text);
  } catch (error) {
    throw new UsageError(`--policy ${file} is not a C2SP tlog-policy: ${(error as Error).message}`);
  }
};

/** `verify --proof --policy`: the export's signed head is the entry the proof puts in a checkpoint the policy accepts. */
export const checkLogProof = (log: LogToVerify, proofText: string, policy: Policy): { ok: boolean; lines: string[] } => {
  const entry = entryOfExport(log);
  if (!entry) return { ok: false, lines: ['log proof: REFUSED: the export has no signed head, so it names no log entry'] };
  const text = formatMatchEntry(entry);
  try {
    const proof = parseTlogProof(proofText);
    const checked = checkTlogProof(proof, leafHash(Buffer.from(text, 'utf8')), policy);
    const { origin, size, root } = checked.checkpoint;
    return {
      ok: true,
      lines: [
        `log proof: the signed head (${entry.kind}, revision ${entry.revision}) is entry ${proof.index} of ${origin}, in its checkpoint of size ${size} (root ${formatHash(root)})`,
        `  signed by the log's key; cosigned by ${checked.witnesses.length ? checked.witnesses.join(', ') : 'no witness'} (quorum ${policy.quorum} met)`,
      ],
    };
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    return { ok: false, lines: [`log proof: REFUSED (${error.code}): ${error.message}`, `  the entry it was checked for:\n${text.replace(/^/gm, '    ').trimEnd()}`] };
  }
};

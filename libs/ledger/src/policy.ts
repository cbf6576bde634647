import { Checkpoint, parseCheckpoint } from './checkpoint';
import { cosignatureVerifier } from './cosignature';
import { LedgerError } from './ledger-error';
import { SIGNATURE_TYPE_COSIGNATURE_V1, SIGNATURE_TYPE_ED25519, VerifierKey, parseVerifierKey } from './note-key';
import { NoteVerifier, checkSignatures, ed25519NoteVerifier, parseNote } from './signed-note';

/**
 * C2SP tlog-policy: which logs and witnesses a verifier knows, and the quorum of witnesses whose cosignatures make a
 * checkpoint valid. Lines: `log <vkey> [<url>]`, `witness <name> <vkey> [<url>]`, `group <name> all|any|<k> <name>…`,
 * `quorum <name>` (or `quorum none`); blank lines and `#` comments are ignored (also after a line's fields, as
 * transparency-dev/formats reads them). A witness key may be a cosignature/v1 vkey (0x04) or an Ed25519 note vkey
 * (0x01), whose key then verifies cosignatures under the 0x04 key ID, as transparency-dev/formats does.
 */
export interface PolicyLog {
  readonly key: VerifierKey;
  readonly url?: string;
}

export interface PolicyWitness {
  readonly name: string;
  readonly key: VerifierKey;
  readonly url?: string;
}

export interface PolicyGroup {
  readonly name: string;
  readonly threshold: number;
  readonly members: readonly string[];
}

export interface Policy {
  readonly logs: readonly PolicyLog[];
  readonly witnesses: readonly PolicyWitness[];
  readonly groups: readonly PolicyGroup[];
  /** a witness's or group's name, or `none` */
  readonly quorum: string;
}

export const NO_QUORUM = 'none';
/** `none` is the spec's; `all` and `any` are refused too (as transparency-dev/formats does), so a name never reads as a threshold. */
const RESERVED_NAMES = new Set([NO_QUORUM, 'all', 'any']);

const malformed = (line: number, why: string) => new LedgerError('MALFORMED_POLICY', `policy line ${line}: ${why}`);

export const parsePolicy = (text: string): Policy => {
  const logs: PolicyLog[] = [];
  const witnesses: PolicyWitness[] = [];
  const groups: PolicyGroup[] = [];
  const names = new Set<string>();
  const members = new Set<string>();
  const keys = new Set<string>();
  let quorum: string | undefined;
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const at = i + 1;
    if ([...raw].some((c) => (c < ' ' && c !== '\t') || c === '\u007f')) throw malformed(at, 'only tab and newline may be control characters');
    const line = raw.replace(/^[ \t]+|[ \t]+$/g, '');
    if (line === '' || line.startsWith('#')) return;
    const tokens = line.split(/[ \t]+/);
    const comment = tokens.findIndex((token) => token.startsWith('#'));
    const [keyword, ...args] = comment < 0 ? tokens : tokens.slice(0, comment);
    const key = (vkey: string, types: number[], what: string): VerifierKey => {
      let parsed: VerifierKey;
      try {
        parsed = parseVerifierKey(vkey);
      } catch (error) {
        throw malformed(at, (error as Error).message);
      }
      if (!types.includes(parsed.type)) throw malformed(at, `a ${what} key must be of signature type ${types.map((t) => `0x0${t}`).join(' or ')}`);
      const raw = parsed.publicKey.toString('hex');
      if (keys.has(raw)) throw malformed(at, 'this public key is listed twice');
      keys.add(raw);
      return parsed;
    };
    const newName = (name: string | undefined): string => {
      if (!name || RESERVED_NAMES.has(name) || names.has(name)) throw malformed(at, `"${name ?? ''}" is missing, reserved (none, all, any) or already defined`);
      names.add(name);
      return name;
    };
    if (keyword === 'log') {
      if (args.length < 1 || args.length > 2) throw malformed(at, 'expected "log <vkey> [<url>]"');
      logs.push({ key: key(args[0], [SIGNATURE_TYPE_ED25519], 'log'), ...(args[1] ? { url: args[1] } : {}) });
    } else if (keyword === 'witness') {
      if (args.length < 2 || args.length > 3) throw malformed(at, 'expected "witness <name> <vkey> [<url>]"');
      const name = newName(args[0]);
      witnesses.push({ name, key: key(args[1], [SIGNATURE_TYPE_COSIGNATURE_V1, SIGNATURE_TYPE_ED25519], 'witness'), ...(args[2] ? { url: args[2] } : {}) });
    } else if (keyword === 'group') {
      if (args.length < 3) throw malformed(at, 'expected "group <name> all|any|<k> <name>…"');
      const [groupName, k, ...list] = args;
      for (const member of list) {
        if (member === NO_QUORUM || !names.has(member)) throw malformed(at, `the member "${member}" is not a witness or group defined above`);
        if (members.has(member)) throw malformed(at, `"${member}" is a member of a group already`);
        members.add(member);
      }
      const threshold = k === 'all' ? list.length : k === 'any' ? 1 : /^[1-9][0-9]*$/.test(k) ? Number(k) : NaN;
      if (!(threshold >= 1 && threshold <= list.length)) throw malformed(at, `the threshold "${k}" must be all, any or a number from 1 to ${list.length}`);
      groups.push({ name: newName(groupName), threshold, members: list });
    } else if (keyword === 'quorum') {
      if (quorum !== undefined) throw malformed(at, 'a policy has exactly one quorum line');
      if (args.length !== 1 || (args[0] !== NO_QUORUM && !names.has(args[0]))) throw malformed(at, 'expected "quorum <name>" naming a witness or group defined above, or none');
      quorum = args[0];
    } else {
      throw malformed(at, `unknown keyword "${keyword}"`);
    }
  });
  if (quorum === undefined) throw new LedgerError('MALFORMED_POLICY', 'the policy has no quorum line ("quorum <name>" or "quorum none")');
  return { logs, witnesses, groups, quorum };
};

/** Whether witnesses with these names (the ones whose cosignatures verified) make the policy's quorum. */
export const quorumMet = (policy: Policy, cosigned: ReadonlySet<string>): boolean => {
  const groups = new Map(policy.groups.map((g) => [g.name, g]));
  const met = (name: string): boolean => {
    const group = groups.get(name);
    if (!group) return cosigned.has(name);
    return group.members.filter(met).length >= group.threshold;
  };
  return policy.quorum === NO_QUORUM || met(policy.quorum);
};

export interface PolicyCheck {
  readonly checkpoint: Checkpoint;
  readonly log: PolicyLog;
  /** the policy names of the witnesses whose cosignatures verified */
  readonly witnesses: readonly string[];
}

/**
 * A signed checkpoint checked against the policy: signed by a listed log whose key name is the origin, every known
 * signature valid, and cosigned by a quorum of its witnesses (else QUORUM_NOT_MET).
 */
export const checkCheckpoint = (message: string | Uint8Array, policy: Policy): PolicyCheck => {
  const note = parseNote(message);
  const unverified = parseCheckpoint(note.text);
  const logs = policy.logs.filter((l) => l.key.name === unverified.origin);
  const logVerifiers = logs.map((l) => ed25519NoteVerifier(l.key.name, l.key.publicKey));
  const witnessVerifiers: [string, NoteVerifier][] = policy.witnesses.map((w) => [w.name, cosignatureVerifier(w.key.name, w.key.publicKey)]);
  const opened = checkSignatures(note, [...logVerifiers, ...witnessVerifiers.map(([, v]) => v)]);
  const signedBy = (v: NoteVerifier) => opened.verified.some((s) => s.name === v.name && s.keyId === v.keyId);
  const log = logs.find((_, i) => signedBy(logVerifiers[i]));
  if (!log) throw new LedgerError('UNVERIFIED_NOTE', `the checkpoint of "${unverified.origin}" is not signed by a log the policy lists for that origin`);
  const witnesses = witnessVerifiers.filter(([, v]) => signedBy(v)).map(([name]) => name);
  if (!quorumMet(policy, new Set(witnesses)))
    throw new LedgerError('QUORUM_NOT_MET', `the checkpoint is cosigned by ${witnesses.length ? witnesses.join(', ') : 'no witness'}: not the policy's quorum (${policy.quorum})`);
  return { checkpoint: unverified, log, witnesses };
};

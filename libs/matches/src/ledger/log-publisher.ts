import {
  NoteSignature,
  WITNESS_SIZE_CONTENT_TYPE,
  checkSignatures,
  formatAddCheckpointRequest,
  formatNote,
  parseCheckpoint,
  parseNote,
  parseSignatureLines,
  parseWitnessSize,
  proveConsistency,
} from '@matchlog/ledger';
import { sql } from 'kysely';
import { LOG_STATE, LogDb } from './log-tables';
import { proofFromStore } from './stored-proof';
import { LogWitness, WitnessClient, WitnessResponse } from './witness-client';

export interface LogPublisherOptions {
  readonly db: LogDb;
  readonly witnesses: readonly LogWitness[];
  /** how many witnesses must cosign a checkpoint before it is published (0 with no witnesses) */
  readonly quorum: number;
  readonly client?: WitnessClient;
  /** a witness refused, or could not be reached: said once per change, never with a secret */
  readonly onWarning?: (message: string) => void;
}

interface Latest {
  readonly size: number;
  readonly checkpoint: string;
  readonly signedAt: string;
}

/** A witness's own answer, or why it gave none. */
type Asked = { readonly cosignature: NoteSignature } | { readonly failed: string };

/** The URL with no user, password, query or fragment: what a warning may show. */
const shown = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(an unreadable URL)';
  }
};

/** A refusal's code and message (the API's error shape) or its first line, without control characters. */
const refusal = (response: WitnessResponse): string => {
  let said = response.body;
  try {
    const problem = JSON.parse(response.body) as { code?: unknown; message?: unknown };
    if (typeof problem.code === 'string') said = `${problem.code}: ${String(problem.message ?? '')}`;
  } catch {
    // not JSON: its text
  }
  const printable = [...said].map((c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join('');
  return `${response.status} ${printable.replace(/ +/g, ' ').trim().slice(0, 300)}`;
};

/**
 * Collects the witnesses' cosignatures (C2SP tlog-witness add-checkpoint) of the log's latest checkpoint, and
 * publishes it (log_state's published columns: what GET /log/checkpoint, the tiles and proofs serve) once `quorum`
 * of them cosigned, every cosignature collected appended. A witness that refused or was away is asked again at the
 * next call (every interval), for the then latest checkpoint; one that cosigns later adds its cosignature to the
 * published note. With no witnesses, the latest checkpoint is published as it is.
 */
export class LogPublisher {
  /** the size each witness last cosigned, as far as this instance knows (0 at first; a 409 says otherwise) */
  private readonly cosignedSizes = new Map<LogWitness, number>();
  /** the cosignatures collected for one checkpoint, by witness */
  private collected: { checkpoint: string; cosignatures: Map<LogWitness, NoteSignature> } | undefined;
  /** the last warning said of each witness, so a witness away says so once */
  private readonly warned = new Map<LogWitness, string>();

  constructor(private readonly options: LogPublisherOptions) {
    if (options.witnesses.length > 0 && !options.client) throw new Error('a log with witnesses needs a witness client');
    if (!(Number.isInteger(options.quorum) && options.quorum >= (options.witnesses.length > 0 ? 1 : 0) && options.quorum <= options.witnesses.length))
      throw new Error(`a quorum of ${options.quorum} does not fit ${options.witnesses.length} witnesses`);
  }

  get witnessed(): boolean {
    return this.options.witnesses.length > 0;
  }

  /** Asks the witnesses that have not cosigned the latest checkpoint, and publishes it once the quorum did. */
  async publish(): Promise<void> {
    const { db, witnesses, quorum } = this.options;
    const state = await db.selectFrom('log_state').selectAll().where('name', '=', LOG_STATE).executeTakeFirstOrThrow();
    if (state.checkpoint === null) return;
    const latest: Latest = { size: Number(state.size), checkpoint: state.checkpoint, signedAt: state.signed_at ?? '' };
    const publishedSize = state.published_size === null ? -1 : Number(state.published_size);
    if (publishedSize > latest.size) return;
    if (witnesses.length === 0) {
      if (state.published !== latest.checkpoint) await this.store(latest, latest.checkpoint, latest.size);
      return;
    }
    const cosignatures = this.cosignaturesOf(latest.checkpoint, publishedSize === latest.size ? state.published : null);
    const before = cosignatures.size;
    const asking = witnesses.filter((w) => !cosignatures.has(w));
    if (asking.length === 0 && publishedSize === latest.size) return;
    const answers = await Promise.all(asking.map(async (w) => [w, await this.ask(w, latest)] as const));
    for (const [witness, answer] of answers) {
      if ('cosignature' in answer) {
        cosignatures.set(witness, answer.cosignature);
        if (this.warned.delete(witness)) this.warn(witness, `cosigned the checkpoint of size ${latest.size} again`, false);
      } else this.warn(witness, answer.failed);
    }
    if (cosignatures.size < quorum || (publishedSize === latest.size && cosignatures.size === before)) return;
    const note = parseNote(latest.checkpoint);
    const ordered = witnesses.flatMap((w) => cosignatures.get(w) ?? []);
    await this.store(latest, formatNote(note.text, [...note.signatures, ...ordered]), publishedSize === latest.size ? latest.size : latest.size - 1);
  }

  /** The cosignatures held for this checkpoint: those collected, or (a restart) those of the published note of it. */
  private cosignaturesOf(checkpoint: string, published: string | null): Map<LogWitness, NoteSignature> {
    if (this.collected?.checkpoint === checkpoint) return this.collected.cosignatures;
    const cosignatures = new Map<LogWitness, NoteSignature>();
    if (published !== null && parseNote(published).text === parseNote(checkpoint).text)
      for (const witness of this.options.witnesses) {
        const mine = this.verified(witness, parseNote(published).text, parseNote(published).signatures);
        if (mine) cosignatures.set(witness, mine);
      }
    this.collected = { checkpoint, cosignatures };
    return cosignatures;
  }

  /** Stores the published note, unless an instance sharing the catalog published a larger tree meanwhile. */
  private async store(latest: Latest, note: string, below: number): Promise<void> {
    await this.options.db
      .updateTable('log_state')
      .set({ published: note, published_size: latest.size, published_at: latest.signedAt })
      .where('name', '=', LOG_STATE)
      .where(sql<boolean>`(published_size is null or published_size <= ${below})`)
      .execute();
  }

  /** One witness's cosignature of the latest checkpoint: a 409 with another size is asked again at that size. */
  private async ask(witness: LogWitness, latest: Latest): Promise<Asked> {
    const name = witness.verifier.name;
    for (let attempt = 0; attempt < 3; attempt++) {
      const old = this.cosignedSizes.get(witness) ?? 0;
      if (old > latest.size)
        return { failed: `holds a checkpoint of size ${old}, larger than the log's ${latest.size}: was the log's catalog restored or rebuilt? Its monitors will see a fork` };
      const proof = old === 0 || old === latest.size ? [] : await proofFromStore(this.options.db, (read) => proveConsistency(latest.size, old, read));
      let response: WitnessResponse;
      try {
        response = await this.options.client!.addCheckpoint(
          `${witness.url.replace(/\/+$/, '')}/add-checkpoint`,
          formatAddCheckpointRequest({ oldSize: old, proof, checkpoint: latest.checkpoint }),
        );
      } catch (e) {
        return { failed: `could not be reached (${(e as Error).message ?? String(e)}); asked again next interval` };
      }
      if (response.status === 409 && response.contentType.split(';')[0].trim() === WITNESS_SIZE_CONTENT_TYPE) {
        let held: number;
        try {
          held = parseWitnessSize(response.body);
        } catch {
          return { failed: `answered 409 with a size that is not one: ${refusal(response)}` };
        }
        if (held === old) return { failed: `answered 409 with the size this log sent, ${old}` };
        this.cosignedSizes.set(witness, held);
        continue;
      }
      if (response.status !== 200) return { failed: `refused the checkpoint of size ${latest.size} (old size ${old}): ${refusal(response)}` };
      let cosignature: NoteSignature | undefined;
      try {
        cosignature = this.verified(witness, parseNote(latest.checkpoint).text, parseSignatureLines(response.body));
      } catch (e) {
        return { failed: `answered with a cosignature that does not verify with its key ${name}: ${(e as Error).message}` };
      }
      if (!cosignature) return { failed: `answered 200 with no cosignature by its key ${name}` };
      this.cosignedSizes.set(witness, latest.size);
      return { cosignature };
    }
    return { failed: 'kept answering 409 with another size' };
  }

  /** The witness's cosignature among these signatures, verified over the checkpoint text (a bad one throws). */
  private verified(witness: LogWitness, text: string, signatures: readonly NoteSignature[]): NoteSignature | undefined {
    parseCheckpoint(text);
    return checkSignatures({ text, signatures }, [witness.verifier]).verified[0];
  }

  private warn(witness: LogWitness, message: string, remember = true): void {
    const line = `log: witness ${witness.verifier.name} (${shown(witness.url)}) ${message}`;
    if (remember) {
      const gist = message.replace(/[0-9]+/g, '#');
      if (this.warned.get(witness) === gist) return;
      this.warned.set(witness, gist);
    }
    (this.options.onWarning ?? console.warn)(line);
  }
}

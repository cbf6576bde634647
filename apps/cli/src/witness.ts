import {
  SIGNATURE_TYPE_COSIGNATURE_V1,
  WITNESS_SIZE_CONTENT_TYPE,
  ed25519Cosigner,
  formatSignerKey,
  formatVerifierKey,
  formatWitnessSize,
  parseSignerKey,
  privateKeyFromSeed,
  verifierFromKey,
  witnessedLogsFromKeys,
} from '@matchlog/ledger';
import { Witness } from '@matchlog/matches';
import { FileWitnessStore } from '@matchlog/store';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';

export const WITNESS_USAGE = `usage: matchlog witness --dir <state dir> --key <key file> --logs <vkeys file> [--port 7380]

A C2SP tlog-witness on this machine: POST /add-checkpoint (and /witness/add-checkpoint) cosigns a log's
checkpoint when it is signed by a key of --logs (one verifier key a line, as GET /log/key serves it) and
consistent with the last one it cosigned for that log, which it keeps in --dir. --key is the witness's signer key
(PRIVATE+KEY+…); a missing file is created with a new key. GET /key prints the witness's verifier key, for
a policy file. Stop it with Ctrl-C.

exit codes:
  0  stopped
  2  usage: a missing or bad argument, a file that can not be read, a state dir another witness holds`;

/** The HTTP status of each refusal (the same as POST /witness/add-checkpoint on a server). */
const STATUS: Record<string, number> = {
  WITNESS_REQUEST_MALFORMED: 400,
  WITNESS_KEY_UNTRUSTED: 403,
  WITNESS_LOG_UNKNOWN: 404,
  WITNESS_FORK: 409,
  WITNESS_PROOF_INVALID: 422,
};

const readKey = (file: string): string => {
  if (!existsSync(file)) writeFileSync(file, `${formatSignerKey(`${hostname()}/witness`, randomBytes(32))}\n`, { mode: 0o600, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
};

const readLogs = (file: string): string[] => {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  lines.forEach((line) => verifierFromKey(line));
  if (lines.length === 0) throw new Error(`${file} lists no log key: one verifier key a line`);
  return lines;
};

/** `matchlog witness`: serves until stopped; resolves with the exit code. */
export const witnessCommand = async (argv: readonly string[]): Promise<number> => {
  let values: { dir?: string; key?: string; logs?: string; port?: string; help?: boolean };
  try {
    values = parseArgs({
      args: [...argv],
      options: { dir: { type: 'string' }, key: { type: 'string' }, logs: { type: 'string' }, port: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${WITNESS_USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(WITNESS_USAGE);
    return 0;
  }
  const port = Number(values.port ?? 7380);
  if (!values.dir || !values.key || !values.logs || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(WITNESS_USAGE);
    return 2;
  }
  let witness: Witness;
  let store: FileWitnessStore;
  let vkey: string;
  try {
    const key = parseSignerKey(readKey(values.key));
    const logs = witnessedLogsFromKeys(readLogs(values.logs));
    store = FileWitnessStore.open(values.dir);
    vkey = formatVerifierKey(key.name, SIGNATURE_TYPE_COSIGNATURE_V1, key.publicKey);
    witness = new Witness(store, logs, ed25519Cosigner(key.name, privateKeyFromSeed(key.seed)), Date.now);
  } catch (error) {
    console.error(`matchlog witness: ${(error as Error).message}`);
    return 2;
  }
  const server = createServer((request, response) => {
    const send = (status: number, type: string, body: string) => response.writeHead(status, { 'Content-Type': type }).end(body);
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && path === '/key') return send(200, 'text/plain; charset=utf-8', `${vkey}\n`);
    if (request.method !== 'POST' || (path !== '/add-checkpoint' && path !== '/witness/add-checkpoint'))
      return send(404, 'text/plain; charset=utf-8', 'POST /add-checkpoint, GET /key\n');
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1 << 20) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      witness.addCheckpoint(Buffer.concat(chunks).toString('utf8')).then(
        (answer) => ('heldSize' in answer ? send(409, WITNESS_SIZE_CONTENT_TYPE, formatWitnessSize(answer.heldSize)) : send(200, 'text/plain; charset=utf-8', answer.cosignature)),
        (error: { code?: string; message?: string }) => {
          const status = STATUS[error.code ?? ''];
          if (status === undefined) console.error(error);
          send(status ?? 500, 'text/plain; charset=utf-8', `${error.code ?? 'INTERNAL_ERROR'}: ${status === undefined ? 'internal error' : error.message}\n`);
        },
      );
    });
  });
  return new Promise((resolve) => {
    server.listen(port, () => {
      const address = server.address();
      console.log(`matchlog witness ${vkey} listening on http://localhost:${typeof address === 'object' && address ? address.port : port}`);
    });
    const stop = () => server.close(() => (store.close(), resolve(0)));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
};

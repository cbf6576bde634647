import {
  SIGNATURE_TYPE_COSIGNATURE_V1,
  WITNESS_SIZE_CONTENT_TYPE,
  ed25519Cosigner,
  formatVerifierKey,
  formatWitnessSize,
  parseSignerKey,
  privateKeyFromSeed,
  witnessedLogsFromKeys,
} from '@matchlog/ledger';
import { Witness } from '@matchlog/matches';
import { FileWitnessStore } from '@matchlog/store';
import { FastifyInstance } from 'fastify';
import { WitnessConfig } from '../config/witness-config';
import { problemOf } from '../errors/error.filter';

export const ADD_CHECKPOINT_PATH = '/witness/add-checkpoint';

/**
 * C2SP tlog-witness on this server (on only when configured): POST /witness/add-checkpoint takes the request as
 * text whatever its Content-Type, answers 200 with the cosignature line (text/plain), 409 with the size it holds
 * (text/x.tlog.size), any other refusal as the API's error shape. GET /witness/key serves the witness's vkey.
 */
export const registerWitness = (fastify: FastifyInstance, config: WitnessConfig): void => {
  const key = parseSignerKey(config.key);
  const cosigner = ed25519Cosigner(key.name, privateKeyFromSeed(key.seed));
  const vkey = formatVerifierKey(key.name, SIGNATURE_TYPE_COSIGNATURE_V1, key.publicKey);
  const store = FileWitnessStore.open(config.stateDir);
  const witness = new Witness(store, witnessedLogsFromKeys(config.logs), cosigner, Date.now);
  fastify.addHook('onClose', async () => store.close());
  void fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.get('/witness/key', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(`${vkey}\n`));
    scope.post(ADD_CHECKPOINT_PATH, async (request, reply) => {
      try {
        const answer = await witness.addCheckpoint(typeof request.body === 'string' ? request.body : '');
        if ('heldSize' in answer) return reply.code(409).type(WITNESS_SIZE_CONTENT_TYPE).send(formatWitnessSize(answer.heldSize));
        return reply.code(200).type('text/plain; charset=utf-8').send(answer.cosignature);
      } catch (e) {
        const problem = problemOf(e);
        return reply.code(problem.statusCode).type('application/json; charset=utf-8').send(problem);
      }
    });
  });
};

/**
 * Heap per token the instance's TokenGrants holds (docs/explanation/service.md, "Tokens are checked from memory"):
 * node --expose-gc -r @swc-node/register bench/token-grants-memory.bench.ts
 * Each event's data is parsed from JSON, as the store hands it over, so the map keeps strings of its own.
 */
import { TokenGrants } from '@matchlog/matches';
import { LogConsumer } from '@matchlog/store';
import { hashToken } from '@matchlog/tokens';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const N = 100_000;

const measure = (): TokenGrants => {
  const grants = new TokenGrants(null as never, null as never, null as never, undefined, { grants: N });
  new LogConsumer({ subscribeAll: () => ({ close: async () => undefined }) }, { processors: [grants] });
  const issued = Array.from({ length: N / 2 }, (_, m) =>
    JSON.stringify({
      grants: [
        { role: 'player', player: 'p1', hash: hashToken(`mlt_${m}a`) },
        { role: 'judge', hash: hashToken(`mlt_${m}b`) },
      ],
    }),
  );
  const revocations = Array.from({ length: N / 2 }, (_, m) => JSON.stringify({ hashes: [hashToken(`mlt_r${m}a`), hashToken(`mlt_r${m}b`)] }));
  gc();
  const before = process.memoryUsage().heapUsed;
  issued.forEach((data, m) => grants.apply(`match-${m}`, [{ type: 'TokensIssued', data: JSON.parse(data) }]));
  gc();
  const granted = process.memoryUsage().heapUsed;
  revocations.forEach((data, m) => grants.apply(`match-${m}`, [{ type: 'TokensRevoked', data: JSON.parse(data) }]));
  gc();
  const revoked = process.memoryUsage().heapUsed;
  console.log(
    `${N.toLocaleString('en')} tokens in force: ${Math.round((granted - before) / N)} bytes each; ${N.toLocaleString('en')} revoked hashes: ${Math.round((revoked - granted) / N)} bytes each`,
  );
  return grants;
};

console.log(`${measure().size} held`);

/**
 * Rebuilds every log of the audit corpus (examples/audit/<game>/*.jsonl) as a real export: from each
 * event's id, type, data and who recorded it when, with a chain salt in the MatchCreated's meta,
 * chained, and signed with the example key beside this file. Deterministic: run it again and nothing
 * changes. After editing a log's events:
 *
 *   node -r @swc-node/register examples/audit/build.ts
 */
import { chainEvents, chainHeadOf, jwksOf, signHead, toJsonLines } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { createHash, createPrivateKey } from 'crypto';
import { readFileSync, readdirSync, writeFileSync } from 'fs';
import { join } from 'path';

const corpus = __dirname;
/** The example key: public in the repository, so it proves nothing about who signed; never a server's key. */
export const EXAMPLE_KEY_FILE = join(corpus, 'example-signing-key.NOT-FOR-PRODUCTION.pem');
export const EXAMPLE_JWKS_FILE = join(corpus, 'example-jwks.json');

/** The corpus logs, as game/file.jsonl. */
export const corpusLogs = (): string[] =>
  readdirSync(corpus, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((game) =>
      readdirSync(join(corpus, game.name))
        .filter((file) => file.endsWith('.jsonl'))
        .map((file) => `${game.name}/${file}`),
    );

/** The events a log holds, as a recorder sent them: id, type, data, and meta's recordedBy and recordedAt. */
const recorded = (text: string): MatchEvent[] =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
    .filter((value) => 'id' in value)
    .map(({ id, type, data, meta }) => ({ id, type, data, meta: { recordedBy: meta.recordedBy, recordedAt: meta.recordedAt } }) as MatchEvent);

const build = (): void => {
  const key = createPrivateKey(readFileSync(EXAMPLE_KEY_FILE, 'utf8'));
  writeFileSync(EXAMPLE_JWKS_FILE, `${JSON.stringify(jwksOf([key]), null, 2)}\n`);
  for (const log of corpusLogs()) {
    const file = join(corpus, log);
    const [first, ...rest] = recorded(readFileSync(file, 'utf8'));
    // a fixed salt per log, so the build is reproducible; a server draws 32 random bytes
    const chainSalt = createHash('sha256').update(`matchlog example chain salt: ${log}`).digest('hex');
    const events = chainEvents([{ ...first, meta: { ...first.meta!, chainSalt } } as MatchEvent, ...rest]);
    const matchId = `audit-${log.replace('.jsonl', '').replace('/', '-')}`;
    const head = signHead({ purpose: 'export', matchId, revision: events.length, hash: chainHeadOf(events), time: events.at(-1)!.meta!.recordedAt }, key);
    writeFileSync(file, toJsonLines(events, head));
  }
};

if (require.main === module) build();

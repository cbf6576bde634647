import { generateKeyPairSync } from 'crypto';
import { LogUnreadable } from '../src/errors';
import { MatchIntegrity } from '../src/integrity/match-integrity';

/** Only import's parsing runs before a log is read: nothing else of the integrity service is reached. */
const integrity = () => new MatchIntegrity({} as never, {} as never, {} as never, generateKeyPairSync('ed25519').privateKey, { now: () => 0 });

const line = (id: string) => JSON.stringify({ data: {}, id, type: 'MatchCreated' });

const refusal = async (body: string): Promise<LogUnreadable> => {
  try {
    await integrity().import(body, undefined);
  } catch (error) {
    if (error instanceof LogUnreadable) return error;
    throw error;
  }
  throw new Error('imported');
};

describe('POST /matches/import: LOG_UNREADABLE for a body whose newlines were stripped (curl -d)', () => {
  it('names --data-binary when the body is one line holding JSON objects back to back', async () => {
    const error = await refusal(`${line('e1')}${line('e2')}{"chain":{"count":2,"head":"${'0'.repeat(64)}"}}`);
    expect(error.line).toBe(1);
    expect(error.message).toMatch(/^line 1: is not JSON \(.*\); .*newlines were stripped .*--data-binary/);
  });

  it('names it with a space between the objects too', async () => {
    expect((await refusal(`${line('e1')} ${line('e2')}`)).message).toMatch(/--data-binary/);
  });

  it('says nothing of it for a bad line among several, or one line that is not JSON for another reason', async () => {
    expect((await refusal(`${line('e1')}\n{not json\n`)).message).not.toMatch(/--data-binary/);
    expect((await refusal('{"id": ')).message).not.toMatch(/--data-binary/);
  });
});

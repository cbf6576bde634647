import { WitnessClient, WitnessResponse } from '@matchlog/matches';

/** How long the log waits for a witness's answer before it asks again next interval. */
export const WITNESS_TIMEOUT_MS = 5000;
/** The most of a witness's answer read: a cosignature line is ~150 bytes, a refusal a short JSON. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** C2SP tlog-witness over HTTP: POST the add-checkpoint body, no redirect followed, the answer cut off at MAX_ANSWER_BYTES. */
export const httpWitnessClient = (timeoutMs = WITNESS_TIMEOUT_MS): WitnessClient => ({
  async addCheckpoint(url: string, body: string): Promise<WitnessResponse> {
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, redirect: 'error', signal }).catch((e: unknown) => {
      throw new Error(signal.aborted ? `no answer within ${timeoutMs / 1000} s` : (((e as Error).cause as Error | undefined)?.message ?? (e as Error).message));
    });
    const bytes: Uint8Array[] = [];
    const reader = response.body?.getReader();
    for (let length = 0; reader && length <= MAX_ANSWER_BYTES;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes.push(value);
      length += value.length;
    }
    await reader?.cancel().catch(() => undefined);
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: Buffer.concat(bytes).subarray(0, MAX_ANSWER_BYTES).toString('utf8'),
    };
  },
});

import { humanLine } from '../src/logging/human-line';

const at = new Date(2026, 10, 28, 9, 5, 7).getTime();

describe('a log line as a person reads it', () => {
  it('time, level, context and message', () => {
    expect(humanLine(JSON.stringify({ level: 40, time: at, pid: 1, hostname: 'h', context: 'feed', msg: 'feed of m1 stopped' }))).toBe('09:05:07 WARN  [feed] feed of m1 stopped');
    expect(humanLine(JSON.stringify({ level: 30, time: at, msg: 'matchlog listening' }))).toBe('09:05:07 INFO  matchlog listening');
  });

  it("a request: its method, URL (as its serializer left it), status and time; the request's other fields left out", () => {
    const line = {
      level: 30,
      time: at,
      req: { id: 'req-1', method: 'GET', url: '/matches?token=[redacted]', headers: { host: 'x' } },
      res: { statusCode: 200 },
      responseTime: 3,
      msg: 'request completed',
    };
    expect(humanLine(JSON.stringify(line))).toBe('09:05:07 INFO  GET /matches?token=[redacted] 200 3 ms');
  });

  it("an error's stack below its line, indented; fields it has no words for kept as JSON", () => {
    const line = { level: 50, time: at, msg: 'failed', err: { message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:1)' }, matchId: 'm1' };
    expect(humanLine(JSON.stringify(line))).toBe('09:05:07 ERROR failed {"matchId":"m1"}\n    Error: boom\n        at x (y.ts:1:1)');
  });

  it('a line that is not JSON, as it is', () => expect(humanLine('not json')).toBe('not json'));
});

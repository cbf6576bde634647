import { SseMessage, SseParser } from '@matchlog/client';

const STREAM =
  ': connected\n\n' +
  'id: 6\nevent: view\ndata: {"revision":6}\n\n' +
  ': heartbeat\n\n' +
  'id: 7\r\nevent: observation\r\ndata: {"revision":7,\r\ndata:  "text":"a: b"}\r\n\r\n' +
  'data:no space\rid:8\r\r' +
  'event: ended\nfield-unknown: x\nid: 9\ndata: {"revision":9}\n\n';
const EXPECTED: SseMessage[] = [
  { id: '6', event: 'view', data: '{"revision":6}' },
  { id: '7', event: 'observation', data: '{"revision":7,\n "text":"a: b"}' },
  { id: '8', event: 'message', data: 'no space' },
  { id: '9', event: 'ended', data: '{"revision":9}' },
];

const parse = (chunks: readonly string[]) => {
  const parser = new SseParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
};

describe('SseParser', () => {
  it('reads messages: comments and heartbeats dropped, multi-line data joined, LF, CRLF and CR line ends', () => {
    expect(parse([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same messages however the stream is split (every split point, and one character at a time)', () => {
    for (let i = 0; i <= STREAM.length; i++) expect(parse([STREAM.slice(0, i), STREAM.slice(i)])).toEqual(EXPECTED);
    for (let i = 0; i < STREAM.length; i += 7)
      for (let j = i; j <= STREAM.length; j += 11) expect(parse([STREAM.slice(0, i), STREAM.slice(i, j), STREAM.slice(j)])).toEqual(EXPECTED);
    expect(parse([...STREAM])).toEqual(EXPECTED);
  });

  it('dispatches nothing for a block without data, and keeps an unfinished message for the next chunk', () => {
    const parser = new SseParser();
    expect(parser.push('\uFEFFid: 3\n\nid: 4\nevent: observation\ndata: x')).toEqual([]);
    expect(parser.push('y\n\n')).toEqual([{ id: '4', event: 'observation', data: 'xy' }]);
  });
});

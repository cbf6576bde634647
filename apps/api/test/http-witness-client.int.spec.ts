import { Server, createServer } from 'http';
import { AddressInfo } from 'net';
import { freePort } from '@matchlog/testkit';
import { httpWitnessClient } from '../src/ledger/http-witness-client';

/** The log's HTTP adapter to its witnesses: a bounded wait, no redirect followed, a bounded answer. */
describe('httpWitnessClient', () => {
  let server: Server;
  let base: string;
  const received: { url?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ url: req.url, body });
        if (req.url === '/silent/add-checkpoint') return; // never answers
        if (req.url === '/moved/add-checkpoint') return void res.writeHead(302, { Location: '/elsewhere' }).end();
        if (req.url === '/huge/add-checkpoint') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end('x'.repeat(1024 * 1024));
        res.writeHead(409, { 'Content-Type': 'text/x.tlog.size' }).end('7\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the body and gives back any answer as it came', async () => {
    expect(await httpWitnessClient().addCheckpoint(`${base}/w/add-checkpoint`, 'old 0\n\nnote\n')).toEqual({ status: 409, contentType: 'text/x.tlog.size', body: '7\n' });
    expect(received.at(-1)).toEqual({ url: '/w/add-checkpoint', body: 'old 0\n\nnote\n' });
  });

  it('gives up on a witness that does not answer in time, and on one that is not there', async () => {
    await expect(httpWitnessClient(200).addCheckpoint(`${base}/silent/add-checkpoint`, 'old 0\n')).rejects.toThrow('no answer within 0.2 s');
    await expect(httpWitnessClient(200).addCheckpoint(`http://127.0.0.1:${await freePort()}/add-checkpoint`, 'old 0\n')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('follows no redirect, and reads no more than 64 KiB of an answer', async () => {
    await expect(httpWitnessClient().addCheckpoint(`${base}/moved/add-checkpoint`, 'old 0\n')).rejects.toThrow();
    expect((await httpWitnessClient().addCheckpoint(`${base}/huge/add-checkpoint`, 'old 0\n')).body).toHaveLength(64 * 1024);
  });
});

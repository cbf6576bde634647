import { createRequire } from 'module';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import ts from 'typescript';
import { openApiTypes } from '../../../scripts/openapi-types';
import { lorcanaMatch } from './support/fixtures';
import { ORGANIZER, TestApp, startTestApp } from './support/test-app';

/**
 * A client typed only by what /docs-json says: if an operation's success body were undocumented
 * (`unknown`) or lacked a field the client reads, the client would not compile.
 */
const CLIENT = `
import type { paths } from './schema';

type NotUnknown<T> = unknown extends T ? false : true;
type Created = paths['/matches']['post']['responses'][201]['content']['application/json'];
type CreateBody = paths['/matches']['post']['requestBody']['content']['application/json'];
type Appended = paths['/matches/{id}/events']['post']['responses'][201]['content']['application/json'];
type View = paths['/matches/{id}/views/{audience}']['get']['responses'][200]['content']['application/json'];
type Queue = paths['/matches/{id}/queue']['get']['responses'][200]['content']['application/json'];
type Audit = paths['/matches/{id}/audit']['get']['responses'][200]['content']['application/json'];
type Knowledge = paths['/matches/{id}/knowledge']['get']['responses'][200]['content']['application/json'];
type Verify = paths['/matches/{id}/verify']['get']['responses'][200]['content']['application/json'];
type Problem = paths['/matches/{id}/events']['post']['responses'][409]['content']['application/json'];
export const typed: [NotUnknown<Created>, NotUnknown<Appended>, NotUnknown<View>, NotUnknown<Queue>, NotUnknown<Audit>, NotUnknown<Knowledge>, NotUnknown<Verify>] = [true, true, true, true, true, true, true];

const call = async <T>(base: string, method: 'GET' | 'POST', path: string, token?: string, body?: unknown): Promise<T> => {
  const response = await fetch(base + path, {
    method,
    headers: { ...(token !== undefined && { Authorization: 'Bearer ' + token }), ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    const problem = (await response.json()) as Problem;
    const code: 'REVISION_CONFLICT' | 'DUPLICATE_EVENT_ID' = problem.code;
    throw new Error(code + ': ' + problem.message);
  }
  return (await response.json()) as T;
};

export const walkthrough = async (base: string, organizer: string, match: CreateBody): Promise<string[]> => {
  const created = await call<Created>(base, 'POST', '/matches', organizer, match);
  const judge: string | undefined = created.tokens.judge;
  const players: string[] = Object.keys(created.tokens.players);
  const appended = await call<Appended>(base, 'POST', '/matches/' + created.matchId + '/events', organizer, {
    expectedRevision: created.revision,
    events: [
      { type: 'TurnStarted', data: { player: players[0], turn: 1 } },
      { type: 'CardMoved', data: { cardId: 'c01', from: { zone: 'deck', player: players[0] }, to: { zone: 'hand', player: players[0] } } },
    ],
  });
  const view = await call<View>(base, 'GET', '/matches/' + created.matchId + '/views/public');
  const zones: number[] = Object.values(view.zones).map((zone) => zone.count);
  const queue = await call<Queue>(base, 'GET', '/matches/' + created.matchId + '/queue');
  // a queue answers its discipline once the match has one (the judge's is absent before: the type says so)
  const chooser: string | null = 'nextChooser' in queue ? queue.nextChooser : null;
  const audit = await call<Audit>(base, 'GET', '/matches/' + created.matchId + '/audit', judge);
  const knowledge = await call<Knowledge>(base, 'GET', '/matches/' + created.matchId + '/knowledge', judge);
  const verify = await call<Verify>(base, 'GET', '/matches/' + created.matchId + '/verify', judge);
  return [
    String(appended.revision),
    String(view.revision + view.turn.number),
    String(zones.length),
    ('discipline' in queue ? queue.discipline : 'none') + ':' + chooser + ':' + queue.revision,
    audit.findings.map((finding) => finding.code + ' ' + finding.rule + ' ' + finding.severity).join(),
    knowledge.cards.map((card) => card.cardId + ' ' + card.knownTo.join('+')).join(),
    String(verify.ok && verify.chain.ok) + ':' + (verify.chain.ok ? verify.chain.count : -1) + ':' + verify.findings.length,
  ];
};
`;

const SUCCESS = /^2\d\d$/;

/**
 * Where `value` strays from `schema` (the subset of JSON Schema the document uses): paths with what
 * was expected there. Empty: it fits.
 */
const strays = (doc: any, schema: any, value: unknown, at = '$'): string[] => {
  if (schema.$ref) return strays(doc, doc.components.schemas[schema.$ref.split('/').pop()], value, at);
  if (value === null) return schema.nullable ? [] : [`${at}: null`];
  if (schema.allOf) return schema.allOf.flatMap((part: any) => strays(doc, part, value, at));
  if (schema.oneOf) return schema.oneOf.some((part: any) => strays(doc, part, value, at).length === 0) ? [] : [`${at}: none of oneOf`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} not in ${schema.enum}`];
  const type = Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (schema.type && schema.type !== type && !(schema.type === 'number' && type === 'integer')) return [`${at}: ${type}, not ${schema.type}`];
  if (Array.isArray(value)) return value.flatMap((item, i) => (schema.items ? strays(doc, schema.items, item, `${at}[${i}]`) : []));
  if (type !== 'object') return [];
  const object = value as Record<string, unknown>;
  return [
    ...(schema.required ?? []).filter((key: string) => !(key in object)).map((key: string) => `${at}.${key}: missing`),
    ...Object.entries(object).flatMap(([key, child]) => {
      const property = schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      return property ? strays(doc, property, child, `${at}.${key}`) : [];
    }),
  ];
};

describe('the OpenAPI document types a client', () => {
  let t: TestApp;
  let doc: any;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.http().get('/docs-json').expect(200)).body;
    dir = mkdtempSync(join(tmpdir(), 'matchlog-openapi-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('documents a schema for every success body, one Problem for errors, and bearer security only where a token is read', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as object).map(([method, operation]) => ({ at: `${method} ${path}`, ...operation })),
    );
    const untyped = operations.flatMap(({ at, responses }) =>
      Object.entries(responses as Record<string, any>)
        .filter(([status]) => SUCCESS.test(status))
        .flatMap(([status, response]) =>
          Object.entries(response.content ?? { none: {} })
            .filter(([, media]: [string, any]) => !media.schema || Object.keys(media.schema).length === 0)
            .map(([type]) => `${at} ${status} ${type}`),
        ),
    );
    expect(untyped).toEqual([]);
    expect(operations.filter(({ responses }) => !Object.keys(responses).some((status) => SUCCESS.test(status))).map(({ at }) => at)).toEqual([]);
    const errorsWithoutProblem = operations.flatMap(({ at, responses }) =>
      Object.entries(responses as Record<string, any>)
        .filter(([status]) => /^[45]\d\d$/.test(status) && !(at === 'get /health/ready' && status === '503'))
        .filter(([, response]) => response.content?.['application/json']?.schema?.allOf?.[0]?.$ref !== '#/components/schemas/Problem')
        .map(([status]) => `${at} ${status}`),
    );
    expect(errorsWithoutProblem).toEqual([]);
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', description: expect.stringMatching(/organizer key or a match token/) });
    const securityOf = (at: string) => operations.find((operation) => operation.at === at)?.security;
    expect(securityOf('get /matches/{id}/queue')).toEqual([{}, { bearer: [] }]);
    expect(securityOf('get /.well-known/jwks.json')).toEqual([]);
    expect(securityOf('post /matches')).toEqual([{ bearer: [] }]);
    expect(securityOf('get /matches/{id}/views/{audience}')).toEqual([{}, { bearer: [] }]);
    const headers = operations.flatMap(({ at, parameters }) => (parameters ?? []).filter((p: any) => p.in === 'header').map((p: any) => `${at} ${p.name} ${p.required}`));
    expect(headers).toEqual(['get /matches/{id}/verify accept-language false', 'get /matches/{id}/audit accept-language false', 'get /matches/{id}/feed Last-Event-ID false']);
  });

  it('every JSON success body the API sends fits the schema the document gives it', async () => {
    const http = t.http();
    const created = (await http.post('/matches').set(t.organizer).send(lorcanaMatch('oa-fit')).expect(201)).body;
    const judge = t.bearer(created.tokens.judge);
    const draw = { type: 'CardMoved', data: { cardId: 'c01', from: { zone: 'deck', player: 'p1' }, to: { zone: 'hand', player: 'p1' } } };
    const play = { type: 'CardMoved', data: { cardId: 'c04', from: { zone: 'hand', player: 'p1' }, to: { zone: 'play', player: 'p1' } } };
    const triggers = [
      { type: 'TriggerAdded', data: { triggerId: 'lyle-1', player: 'p1', sourceCardId: 'c04', ability: 'Thanks For Volunteering' } },
      { type: 'TriggerAdded', data: { triggerId: 'moana-1', player: 'p2', sourceCardId: 'c06', ability: 'Hidden source' } },
    ];
    const sent: [string, string, number, unknown][] = [
      ['post', '/matches', 201, created],
      [
        'post',
        '/matches/{id}/events',
        201,
        (
          await http
            .post('/matches/oa-fit/events')
            .set(t.organizer)
            .send({ expectedRevision: 1, events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }, draw, play, ...triggers] })
            .expect(201)
        ).body,
      ],
      [
        'post',
        '/matches/{id}/tokens',
        201,
        (
          await http
            .post('/matches/oa-fit/tokens')
            .set(t.organizer)
            .send({ roles: ['p2'] })
            .expect(201)
        ).body,
      ],
      ['get', '/matches', 200, (await http.get('/matches').expect(200)).body],
      ['get', '/matches/{id}', 200, (await http.get('/matches/oa-fit').expect(200)).body],
      ['get', '/matches/{id}/events', 200, (await http.get('/matches/oa-fit/events?audience=p1').set(judge).expect(200)).body],
      ['get', '/matches/{id}/views/{audience}', 200, (await http.get('/matches/oa-fit/views/p1').set(judge).expect(200)).body],
      ['get', '/matches/{id}/views/{audience}', 200, (await http.get('/matches/oa-fit/views/judge').set(judge).expect(200)).body],
      ['get', '/matches/{id}/queue', 200, (await http.get('/matches/oa-fit/queue').expect(200)).body],
      ['get', '/matches/{id}/receipt', 200, (await http.get('/matches/oa-fit/receipt').expect(200)).body],
      ['get', '/matches/{id}/log', 200, (await http.get('/matches/oa-fit/log').expect(200)).body],
      ['get', '/matches/{id}/verify', 200, (await http.get('/matches/oa-fit/verify').set(judge).expect(200)).body],
      ['get', '/matches/{id}/knowledge', 200, (await http.get('/matches/oa-fit/knowledge').set(judge).expect(200)).body],
      ['get', '/matches/{id}/audit', 200, (await http.get('/matches/oa-fit/audit').set(judge).expect(200)).body],
      [
        'post',
        '/matches/{id}/audit/deliveries',
        200,
        (
          await http
            .post('/matches/oa-fit/audit/deliveries')
            .set(judge)
            .send({ deliveries: [{ audience: 'public', revision: 6, payload: { hand: ['Be Prepared'] } }] })
            .expect(200)
        ).body,
      ],
      ['get', '/.well-known/jwks.json', 200, (await http.get('/.well-known/jwks.json').expect(200)).body],
      ['get', '/health', 200, (await http.get('/health').expect(200)).body],
      ['get', '/health/ready', 200, (await http.get('/health/ready').expect(200)).body],
      [
        'post',
        '/matches/{id}/events',
        409,
        (
          await http
            .post('/matches/oa-fit/events')
            .set(t.organizer)
            .send({ expectedRevision: 1, events: [draw] })
            .expect(409)
        ).body,
      ],
    ];
    const misfits = sent.flatMap(([method, path, status, body]) =>
      strays(doc, doc.paths[path][method].responses[status].content['application/json'].schema, body).map((stray) => `${method} ${path} ${status} ${stray}`),
    );
    expect(misfits).toEqual([]);
    expect(strays(doc, { $ref: '#/components/schemas/MatchSummary' }, { ...created, matchId: 1 })).not.toEqual([]);
  });

  it('lists the codes an operation can answer with', () => {
    const codes = (path: string, method: string, status: number) => doc.paths[path][method].responses[status].content['application/json'].schema.allOf[1].properties.code.enum;
    expect(codes('/matches/{id}/events', 'post', 409).sort()).toEqual(['DUPLICATE_EVENT_ID', 'REVISION_CONFLICT']);
    expect(codes('/matches/{id}/events', 'post', 422)).toContain('MALFORMED_EVENT');
    expect(codes('/matches/{id}/views/{audience}', 'get', 404)).toEqual(['MATCH_NOT_FOUND', 'AUDIENCE_NOT_FOUND']);
    expect(codes('/matches/{id}/receipt', 'get', 403)).toEqual(['RECEIPT_WITHHELD']);
    expect(doc.components.schemas.Problem).toMatchObject({ required: ['statusCode', 'code', 'message'] });
  });

  it('generates types with openapi-typescript that a strict client type-checks against, and that client runs against the API', async () => {
    writeFileSync(join(dir, 'schema.ts'), openApiTypes(doc));
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(diagnostics).toEqual([]);
    // and the schemas are honest: the client runs, and every field it reads is there
    writeFileSync(join(dir, 'client.js'), ts.transpileModule(CLIENT, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText);
    await t.app.listen(0, '127.0.0.1');
    const { walkthrough } = createRequire(__filename)(join(dir, 'client.js'));
    expect(await walkthrough(await t.app.getUrl(), ORGANIZER, lorcanaMatch())).toEqual([
      '3',
      '4',
      expect.stringMatching(/^[1-9]/),
      'bag:null:3',
      '',
      // the match asks for no broadcast, so the knowledge names no broadcast audience (audiencesOf)
      'c01 p1,c02 ,c03 p1,c04 p1,c05 ,c06 p2',
      'true:3:0',
    ]);
  });
});

import { JUDGE } from '@matchlog/domain';
import { UseGuards, applyDecorators } from '@nestjs/common';
import { FASTIFY_ROUTE_SCHEMA_METADATA } from '@nestjs/platform-fastify/constants';
import { ApiResponse, OpenAPIObject, getSchemaPath } from '@nestjs/swagger';
import { FeedEncoder } from '../feed/feed-encoder';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastJson from 'fast-json-stringify';
import { responseDefinitions } from './response-schemas.generated';
import { RouteSchemaGuard } from '../validation/route-schema.guard';
import { discriminated } from './discriminated';
import { toOpenApi } from './to-openapi';

/**
 * The answers' schemas, generated from the TypeScript types responses.ts names
 * (`npm run schemas:responses`): one declaration for the type, the OpenAPI document and the
 * serializer. Every JSON answer is written through its schema by Fastify (fast-json-stringify), so
 * a field its type does not declare never reaches the wire: a second wall behind `observe`.
 */
type Schema = Record<string, unknown>;
const definitions = responseDefinitions as Record<string, Schema>;
export type ResponseSchemaName = keyof typeof responseDefinitions;

/** The id under which the definitions are shared with Fastify's serializers. */
const SHARED = 'matchlog-responses';

/** A `$ref` to one of the schemas in the OpenAPI document. */
export const ref = (name: ResponseSchemaName) => ({ $ref: getSchemaPath(name) });

/** The views' answer: the judge's view for the judge, an audience's view for everyone else. */
const VIEW = {
  if: { type: 'object', properties: { audience: { const: 'judge' } } },
  then: { $ref: `${SHARED}#/definitions/JudgeView` },
  else: { $ref: `${SHARED}#/definitions/AudienceView` },
};

/**
 * The answer for `status`: documented in OpenAPI, and serialized through its schema. Decorates a
 * route once per status; it keeps what @RouteSchema (the body) set.
 */
export const Returns = (status: number, name: ResponseSchemaName | 'View', description?: string) => {
  const schema = name === 'View' ? { oneOf: [ref('AudienceView'), ref('JudgeView')] } : ref(name);
  const serializer = name === 'View' ? VIEW : { $ref: `${SHARED}#/definitions/${name}` };
  return applyDecorators(
    ApiResponse({ status, schema, ...(description !== undefined && { description }) }),
    routeSchema((current) => ({ ...current, response: { ...current.response, [status]: serializer } })),
  );
};

/** The route's body schema, which Fastify checks with Ajv, and RouteSchemaGuard answers after the caller guard. */
export const AcceptsBody = (body: object) =>
  applyDecorators(
    routeSchema((current) => ({ ...current, body })),
    UseGuards(RouteSchemaGuard),
  );

type RouteSchemaMetadata = { body?: object; response?: Record<number, unknown> };

/** @RouteSchema, merged with what other decorators of the route set. */
const routeSchema =
  (change: (current: RouteSchemaMetadata) => RouteSchemaMetadata): MethodDecorator =>
  (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    Reflect.defineMetadata(FASTIFY_ROUTE_SCHEMA_METADATA, change(Reflect.getMetadata(FASTIFY_ROUTE_SCHEMA_METADATA, handler) ?? {}), handler);
  };

const answerSchemas = new Map<string, { $ref: string }>();

/**
 * Writes this reply through the schema of `name` rather than the route's: for answers whose shape
 * depends on the audience asked for (a view, a queue, its observations), so an audience's answer is cut to the
 * audience's type whatever the value holds, never to the judge's.
 */
export const answerAs = (reply: FastifyReply, name: ResponseSchemaName): void => {
  let schema = answerSchemas.get(name);
  if (!schema) answerSchemas.set(name, (schema = { $ref: `${SHARED}#/definitions/${name}` }));
  const serialize = reply.compileSerializationSchema(schema) as (payload: unknown) => string;
  // an error answered after this (the value fits no member of its type: a 500) is the one Problem shape, not this type
  reply.type('application/json; charset=utf-8').serializer((payload) => (reply.statusCode >= 400 ? JSON.stringify(payload) : serialize(payload)));
};

/** The definitions as the serializers see them (unions told apart): made once per process. */
let shared: Schema | undefined;
const sharedDefinitions = (): Schema => (shared ??= { $id: SHARED, definitions: discriminated(definitions) });

const serializers = new Map<string, (value: unknown) => string>();

/**
 * Fastify's serializer compiler, for every route and answerAs: fast-json-stringify, one serializer per schema in the
 * process, compiled when it first writes an answer. Fastify's own compiler compiles each route's schema for each
 * status at start-up, each time over a copy of every definition: about a second of CPU for each app that starts,
 * most of it for routes it never answers (docs/performance.md). That every definition compiles is checked by
 * response-schemas.unit.spec.ts.
 */
export const serializerOf = ({ schema }: { schema: unknown }): ((value: unknown) => string) => {
  const key = JSON.stringify(schema);
  let serialize = serializers.get(key);
  if (!serialize) {
    let compiledOnce: ((value: unknown) => string) | undefined;
    serialize = (value) => (compiledOnce ??= compileSerializer(schema))(value);
    serializers.set(key, serialize);
  }
  return serialize;
};

/** fast-json-stringify's serializer of `schema`, its $refs to the shared definitions resolved: compiled now. */
export const compileSerializer = (schema: unknown): ((value: unknown) => string) => {
  const build = fastJson as unknown as (schema: unknown, options: { schema: Record<string, Schema> }) => (value: unknown) => string;
  return build(schema, { schema: { [SHARED]: sharedDefinitions() } });
};

/** A serializer of one of the definitions, as the routes' are made. */
export const compiled = (name: ResponseSchemaName): ((value: unknown) => string) => serializerOf({ schema: { $ref: `${SHARED}#/definitions/${name}` } });

/**
 * The live feed's wall: each message written through the type of the audience it is for, as the REST
 * answers are (an observation for an audience, an event for the judge, a view of either).
 */
export const feedEncoder = (): FeedEncoder => {
  const entry = { audience: compiled('AudienceEntry'), judge: compiled('JudgeEntry') };
  const view = { audience: compiled('AudienceView'), judge: compiled('JudgeView') };
  return {
    entry: (audience, value) => (audience === JUDGE ? entry.judge : entry.audience)(value),
    view: (audience, value) => (audience === JUDGE ? view.judge : view.audience)(value),
  };
};

/** Shares the definitions with Fastify and sets its serializer compiler, before any route is registered. */
export const registerResponseSchemas = (fastify: FastifyInstance): void => {
  fastify.addSchema(sharedDefinitions());
  fastify.setSerializerCompiler(serializerOf);
};

/** The document with the schemas as components. */
export const withResponseSchemas = (document: OpenAPIObject): OpenAPIObject => ({
  ...document,
  components: { ...document.components, schemas: { ...document.components?.schemas, ...(toOpenApi(definitions) as NonNullable<OpenAPIObject['components']>['schemas']) } },
});

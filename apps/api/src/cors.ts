import type { FastifyCorsOptions } from '@fastify/cors';
import { ApiConfig } from './config/config';

/**
 * Pages on MATCHLOG_CORS_ORIGINS (default: any origin) may call the API. No cookies: a page sends a
 * token in the Authorization header, which a browser sends cross-origin only because it is listed here.
 */
export const corsOptionsOf = (config: ApiConfig): FastifyCorsOptions => ({
  origin: config.corsOrigins === '*' ? '*' : [...config.corsOrigins],
  methods: ['GET', 'HEAD', 'POST'],
  allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'Last-Event-ID'],
  exposedHeaders: ['Content-Disposition', 'Retry-After'],
  credentials: false,
  maxAge: 600,
});

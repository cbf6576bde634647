import { NextFunction, Request, Response } from 'express';

/**
 * On every response: no MIME sniffing, no Referer leaving with our URLs, and nothing a token read
 * kept by a browser or a proxy cache.
 */
export const securityHeaders = (request: Request, response: Response, next: NextFunction): void => {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
  if (request.headers.authorization !== undefined) response.setHeader('Cache-Control', 'no-store');
  next();
};

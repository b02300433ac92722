import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';

/** Origins the map tiles come from, for img-src ({s} subdomains become a wildcard). */
export function tileOrigins(template: string): string[] {
  try {
    const url = new URL(template.replace(/\{s\}/g, 'tile-subdomain').replace(/\{[a-z]+\}/g, '0'));
    return [`${url.protocol}//${url.host.replace('tile-subdomain', '*')}`];
  } catch {
    return [];
  }
}

/** Security headers with a strict Content-Security-Policy: no inline or third-party script. */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes come from Leaflet, Radix and the toast library; no inline script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins(config.mapTileUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.secureCookies ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
  });
}

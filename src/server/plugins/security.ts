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

/**
 * Browser features the app never uses are switched off for it and anything it frames. Photos are
 * taken through a file input (the device's own camera app), addresses are geocoded on the server.
 * fullscreen stays allowed for our own pages (the PDF viewer frame), and the camera for our own
 * pages only: Scan Unit reads QR labels through getUserMedia (decision 046).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/**
 * Security headers with a strict Content-Security-Policy (no inline or third-party script), a
 * Permissions-Policy, and Cache-Control: no-store on every answer that does not set its own (an
 * answer holds customer data; a shared computer's disk cache must not keep it; the web app's files
 * and pages set theirs). Framing is refused by one policy, said twice for old and new browsers:
 * frame-ancestors 'none' and X-Frame-Options DENY.
 */
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
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.secureCookies ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

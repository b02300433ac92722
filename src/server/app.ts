import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { projectRoot, type AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { createAccountService } from './modules/account/account.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthRepo, type LiveSession } from './modules/auth/auth.repo.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionCache, SESSION_CHANGE_CHANNEL } from './modules/auth/session-cache.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { createInvoicesService } from './modules/invoices/invoices.service.js';
import { createDispatchRepo } from './modules/jobs/dispatch.repo.js';
import { dispatchRoutes } from './modules/jobs/dispatch.routes.js';
import { createDispatchService } from './modules/jobs/dispatch.service.js';
import { createJobsRepo } from './modules/jobs/jobs.repo.js';
import { jobsRoutes } from './modules/jobs/jobs.routes.js';
import { createJobsService } from './modules/jobs/jobs.service.js';
import { createInspectionsRepo } from './modules/inspections/inspections.repo.js';
import { inspectionsRoutes } from './modules/inspections/inspections.routes.js';
import { createInspectionsService } from './modules/inspections/inspections.service.js';
import { createHealthService } from './modules/health/health.service.js';
import { createHomeRepo } from './modules/home/home.repo.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { createHomeService } from './modules/home/home.service.js';
import { createPriceBookRepo } from './modules/price-book/price-book.repo.js';
import { priceBookRoutes } from './modules/price-book/price-book.routes.js';
import { createPriceBookService } from './modules/price-book/price-book.service.js';
import { createReferenceTypesRepo } from './modules/reference-types/reference-types.repo.js';
import { referenceTypesRoutes } from './modules/reference-types/reference-types.routes.js';
import { createReferenceTypesService } from './modules/reference-types/reference-types.service.js';
import { createSearchRepo } from './modules/search/search.repo.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { createSettingsRepo } from './modules/settings/settings.repo.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.js';
import { createCompaniesRepo } from './modules/companies/companies.repo.js';
import { companiesRoutes } from './modules/companies/companies.routes.js';
import { createCompaniesService } from './modules/companies/companies.service.js';
import { createCustomerDashboardRepo } from './modules/customer-dashboard/customer-dashboard.repo.js';
import { customerDashboardRoutes } from './modules/customer-dashboard/customer-dashboard.routes.js';
import { createLocationsRepo } from './modules/locations/locations.repo.js';
import { locationsRoutes } from './modules/locations/locations.routes.js';
import { createLocationsService } from './modules/locations/locations.service.js';
import { createUnitsRepo } from './modules/units/units.repo.js';
import { unitsRoutes } from './modules/units/units.routes.js';
import { createUnitsService } from './modules/units/units.service.js';
import { createNominatimGeocoder, noGeocoder, type Geocoder } from './geocoder/geocoder.js';
import { createTechniciansRepo } from './modules/technicians/technicians.repo.js';
import { techniciansRoutes } from './modules/technicians/technicians.routes.js';
import { createTechniciansService } from './modules/technicians/technicians.service.js';
import { createUsersRepo } from './modules/users/users.repo.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { createQuoteTemplatesRepo } from './modules/quote-templates/quote-templates.repo.js';
import { quoteTemplatesRoutes } from './modules/quote-templates/quote-templates.routes.js';
import { createQuoteTemplatesService } from './modules/quote-templates/quote-templates.service.js';
import { createQuotePdfService } from './pdf/quote-pdf.service.js';
import { createQuotesRepo } from './modules/quotes/quotes.repo.js';
import { quotesRoutes } from './modules/quotes/quotes.routes.js';
import { createQuotesService } from './modules/quotes/quotes.service.js';
import { createDbRateLimiter } from './plugins/rate-limit.js';
import { createFileStorage } from './storage/storage.js';
import { createOutboxRepo } from './modules/outbox/outbox.repo.js';
import { outboxRoutes } from './modules/outbox/outbox.routes.js';
import { createOutboxService } from './modules/outbox/outbox.service.js';
import { createOutboxWorker, createSmtpTransport, type OutboxWorkerOptions } from './outbox/worker.js';
import { registerAuth } from './plugins/auth.js';
import { registerApiCompression } from './plugins/compression.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { createParsePool } from './parsing/parse-pool.js';
import { secureLoggerOptions } from './plugins/logging.js';
import { registerOpenApi } from './plugins/openapi.js';
import { rewriteRequestTarget } from './plugins/request-target.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { createResponseSerializerCompiler } from './plugins/serializer.js';
import { registerWeb } from './plugins/web.js';

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  /** The time the app believes it is; tests pin it. */
  clock?: () => Date;
  /** Fastify logger options; false in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Folder with the built web app; null serves the API only. Defaults to dist/web. */
  webDir?: string | null;
  /** Address geocoder; defaults to Nominatim at GEOCODER_URL, or none. Tests inject a fake. */
  geocoder?: Geocoder;
  /**
   * The outbox delivery worker (needs SMTP_URL): 'listen' (default) starts it when the server
   * listens, so inject()-only tests never send; 'ready' starts it at once; 'off' never.
   * `outboxWorkerOptions` tune it (tests: short polls and back-off).
   */
  outboxWorker?: 'listen' | 'ready' | 'off';
  outboxWorkerOptions?: Partial<Pick<OutboxWorkerOptions, 'pollIntervalMs' | 'batchSize' | 'leaseMs' | 'maxAttempts' | 'backoff' | 'workerId'>>;
  /**
   * Serialize every response both with its zod schema and with the compiled fast serializer and
   * fail on a difference (plugins/serializer.ts). On in the test suites, off in production.
   */
  verifyResponses?: boolean;
  /** Where a filtered list stops counting its matches (LIST_TOTAL_CAP, 10,000); tests lower it to reach it cheaply. */
  listTotalCap?: number;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  roles: readonly string[] | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the route-walking security tests and the docs. */
    registeredRoutes: RegisteredRoute[];
  }
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function: Fastify itself trusts no
 * hop for a bare number, and `true` would trust every hop, a client's own X-Forwarded-For too.
 */
export function trustedProxies(trust: AppConfig['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return trust === 0 ? false : (_address, hop) => hop < trust;
}

/** Builds the whole application without listening: plugins first, then every module by hand. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    // Redaction and the database-error serializer apply to every log line (plugins/logging.ts).
    logger: secureLoggerOptions(deps.logger ?? false),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // One spelling of every path before routing; a target that is not a plain path is refused.
    rewriteUrl: rewriteRequestTarget,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: deps.verifyResponses ?? false }));

  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      // Read when asked: a later onRoute hook (the web files' one) may still set the route's config.
      routes.push({
        method,
        url: route.url,
        get public() {
          return Boolean(route.config?.public);
        },
        get roles() {
          return route.config?.roles;
        },
      });
    }
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  registerApiCompression(app);
  registerInputGuard(app);

  // Data access and use cases, wired by hand so every dependency is visible here.
  const db = database.db;
  const caps = deps.listTotalCap === undefined ? {} : { totalCap: deps.listTotalCap };
  const settings = createSettingsRepo(db);
  // Uploaded files (and the quote PDF on a stored template) are parsed in worker threads, within
  // time and memory limits, off the event loop (decision 025).
  const parsing = createParsePool();
  app.addHook('onClose', () => parsing.close());
  const sessionCache = createSessionCache<LiveSession>({ ttlMs: config.sessionCacheMs });
  // Counters in the database (rate_limits), shared by every app server: sign-in pacing, public quotes.
  const limiter = createDbRateLimiter(db, clock);
  const auth = createAuthService({ repo: createAuthRepo(db), limiter, clock, sessionIdleMinutes: config.sessionIdleMinutes, sessionCache });
  if (config.sessionCacheMs > 0) {
    const stopListening = database.listen(SESSION_CHANGE_CHANNEL, { onNotify: () => sessionCache.forgetAll(), onState: (listening) => sessionCache.setListening(listening) });
    app.addHook('onClose', stopListening);
  }
  const home = createHomeService({ repo: createHomeRepo(db), settings, clock });
  const search = createSearchRepo(db, caps);

  await registerAuth(app, config, auth);
  await registerOpenApi(app);

  // Foundation
  healthRoutes(app, { health: createHealthService(database) });
  authRoutes(app, { auth, config });
  settingsRoutes(app, { settings });
  homeRoutes(app, { home });
  searchRoutes(app, { search });

  // Customers: companies, locations, units
  {
    const geocoder =
      deps.geocoder ??
      (config.geocoderUrl
        ? createNominatimGeocoder({ url: config.geocoderUrl, onError: (error) => app.log.warn({ err: error }, 'geocoding failed; saved without coordinates') })
        : noGeocoder);
    const companiesRepo = createCompaniesRepo(db, caps);
    const locationsRepo = createLocationsRepo(db, caps);
    const unitsRepo = createUnitsRepo(db, caps);
    clientConfigRoutes(app, { config });
    customerDashboardRoutes(app, { dashboard: createCustomerDashboardRepo(db) });
    // Export file names carry the date in the company's time zone (as the price book's do).
    const companyToday = () => settings.today(clock());
    companiesRoutes(app, { companies: createCompaniesService({ db, repo: companiesRepo, locations: locationsRepo, geocoder }), today: companyToday });
    locationsRoutes(app, { locations: createLocationsService({ db, repo: locationsRepo, companies: companiesRepo, geocoder }), today: companyToday });
    unitsRoutes(app, { units: createUnitsService({ db, repo: unitsRepo, locations: locationsRepo }) });
  }

  // Settings, users, technicians, account
  {
    const usersRepo = createUsersRepo(db, caps);
    const techniciansRepo = createTechniciansRepo(db);
    usersRoutes(app, { users: createUsersService({ db, users: usersRepo, technicians: techniciansRepo, clock }) });
    techniciansRoutes(app, { technicians: createTechniciansService({ db, users: usersRepo, technicians: techniciansRepo, clock }) });
    referenceTypesRoutes(app, { referenceTypes: createReferenceTypesService({ repo: createReferenceTypesRepo(db) }) });
    accountRoutes(app, { account: createAccountService({ users: usersRepo, auth }) });
  }

  // Price book
  const priceBook = createPriceBookService({ repo: createPriceBookRepo(db, caps), db, settings, clock, parsing });
  await priceBookRoutes(app, { priceBook });

  // Jobs, dispatch, inspections, quotes, invoices. The quotes module owns job_quotes: a cancelled
  // job's open quotes are withdrawn through its repo.
  const quotesRepo = createQuotesRepo(db);
  {
    const jobsRepo = createJobsRepo(db, caps);
    jobsRoutes(app, { jobs: createJobsService({ db, repo: jobsRepo, settings, clock, withdrawOpenQuotes: (jobId, exec) => quotesRepo.closeOpen(jobId, 'withdrawn', exec) }) });
    dispatchRoutes(app, { dispatch: createDispatchService({ db, repo: createDispatchRepo(db), jobs: jobsRepo, settings, clock }) });
  }
  await inspectionsRoutes(app, { inspections: createInspectionsService({ db, repo: createInspectionsRepo(db), storage: createFileStorage(), clock }) });

  // Invoices: the job's invoices, the lists, the invoice pages, PDFs and reports (issue 14)
  invoicesRoutes(app, { invoices: createInvoicesService({ db, storage: createFileStorage(), clock, ...caps }) });

  // Quote templates, quote PDFs (issue 12)
  {
    const storage = createFileStorage();
    const templatesRepo = createQuoteTemplatesRepo(db);
    const quotePdf = createQuotePdfService({ db, templates: templatesRepo, storage, settings: createSettingsRepo, publicUrl: config.publicUrl, clock, parsing });
    await quoteTemplatesRoutes(app, { templates: createQuoteTemplatesService({ db, repo: templatesRepo, storage, parsing }), quotePdf });

    // Sending quotes and the customer's decision (issue 13, decision 018)
    const quotes = createQuotesService({
      db,
      repo: quotesRepo,
      templates: templatesRepo,
      quotePdf,
      storage,
      settings: createSettingsRepo,
      publicUrl: config.publicUrl,
      officeEmail: config.officeEmail,
      clock,
    });
    quotesRoutes(app, { quotes, quotePdf, limiter });
    const limitSweep = setInterval(() => {
      limiter.sweep(new Date(clock().getTime() - 60 * 60 * 1000)).catch((error: unknown) => app.log.warn({ err: error }, 'rate limit sweep failed'));
    }, 60 * 60 * 1000);
    limitSweep.unref();
    app.addHook('onClose', async () => clearInterval(limitSweep));
  }

  // E-mail outbox: the Outbox API, and the delivery worker of this server (issue 13)
  {
    const storage = createFileStorage();
    outboxRoutes(app, { outbox: createOutboxService({ db, repo: createOutboxRepo(db), storage, deliveryConfigured: Boolean(config.smtpUrl) }) });
    const mode = deps.outboxWorker ?? 'listen';
    if (config.smtpUrl && mode !== 'off') {
      const smtpUrl = config.smtpUrl;
      let worker: ReturnType<typeof createOutboxWorker> | null = null;
      const start = async () => {
        worker = createOutboxWorker({ db, storage, transport: createSmtpTransport(smtpUrl), from: config.mailFrom, log: app.log, ...deps.outboxWorkerOptions });
        worker.start();
        app.log.info({ workerId: worker.workerId }, 'outbox worker started');
      };
      app.addHook(mode === 'ready' ? 'onReady' : 'onListen', start);
      app.addHook('onClose', async () => {
        await worker?.stop();
        worker?.close();
      });
    } else if (!config.smtpUrl) {
      app.addHook('onListen', async () => app.log.info('SMTP_URL is not set: e-mail stays queued in the outbox (Settings > Outbox)'));
    }
  }

  await registerWeb(app, deps.webDir === undefined ? path.join(projectRoot(), 'dist/web') : deps.webDir);

  // Expired sessions are removed in the background; a failure only logs.
  const sweep = setInterval(() => {
    auth.deleteExpiredSessions().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  }, 60 * 60 * 1000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  return app;
}

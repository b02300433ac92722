import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_OFFICE } from '../domain/jobs/index.js';
import { managementTitle } from '../domain/settings.js';
import { projectRoot, type AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { accountRoutes, createAccountService } from './modules/account/index.js';
import {
  apiTokensRoutes,
  createApiTokensRepo,
  createApiTokensService,
  type LiveApiToken,
} from './modules/api-tokens/index.js';
import {
  accountingExportRoutes,
  createAccountingExportRepo,
  createAccountingExportService,
} from './modules/accounting-export/index.js';
import {
  authRoutes,
  createAuthRepo,
  createAuthService,
  createSessionCache,
  type LiveSession,
  SESSION_CHANGE_CHANNEL,
} from './modules/auth/index.js';
import {
  agreementBillingRoutes,
  agreementReportsRoutes,
  createAgreementBillingRepo,
  agreementsRoutes,
  createAgreementReportsRepo,
  createAgreementReportsService,
  createAgreementsRepo,
  createAgreementsService,
  createVisitGeneratorWorker,
} from './modules/agreements/index.js';
import { createHealthService, healthRoutes } from './modules/health/index.js';
import {
  calendarFeedsRoutes,
  createCalendarFeedsRepo,
  createCalendarFeedsService,
} from './modules/calendar-feeds/index.js';
import { createDataExportService, dataExportRoutes } from './modules/data-export/index.js';
import { createInvoicesService, deleteDraftInvoicesOfJob, invoicesRoutes } from './modules/invoices/index.js';
import {
  createDispatchRepo,
  createDispatchService,
  createJobDecisionsRepo,
  createJobsRepo,
  createJobsService,
  dispatchRoutes,
  jobsRoutes,
} from './modules/jobs/index.js';
import { createFieldRepo, createFieldService, fieldRoutes } from './modules/field/index.js';
import { createInspectionsRepo, createInspectionsService, inspectionsRoutes } from './modules/inspections/index.js';
import { createHomeRepo, createHomeService, homeRoutes } from './modules/home/index.js';
import { createPriceBookRepo, createPriceBookService, priceBookRoutes } from './modules/price-book/index.js';
import {
  createReferenceTypesRepo,
  createReferenceTypesService,
  referenceTypesRoutes,
} from './modules/reference-types/index.js';
import { createSearchRepo, searchRoutes } from './modules/search/index.js';
import { createSettingsRepo, settingsRoutes, taxGroupsRoutes } from './modules/settings/index.js';
import { clientConfigRoutes } from './modules/client-config/index.js';
import { companiesRoutes, createCompaniesRepo, createCompaniesService } from './modules/companies/index.js';
import {
  companyReportRoutes,
  createCompanyReportRepo,
  createCompanyReportService,
} from './modules/company-report/index.js';
import { createCustomerDashboardRepo, customerDashboardRoutes } from './modules/customer-dashboard/index.js';
import { createLocationsRepo, createLocationsService, locationsRoutes } from './modules/locations/index.js';
import {
  contactsRoutes,
  createContactsRepo,
  createContactsService,
  createJobContacts,
} from './modules/contacts/index.js';
import { createUnitsRepo, createUnitsService, unitsRoutes } from './modules/units/index.js';
import { createUnitLabelsRepo, createUnitLabelsService, unitLabelsRoutes } from './modules/unit-labels/index.js';
import { createNominatimGeocoder, noGeocoder, type Geocoder } from './geocoder/geocoder.js';
import { createTechniciansRepo, createTechniciansService, techniciansRoutes } from './modules/technicians/index.js';
import { createUsersRepo, createUsersService, usersRoutes } from './modules/users/index.js';
import {
  createOpportunitiesRepo,
  createOpportunitiesService,
  opportunitiesRoutes,
} from './modules/opportunities/index.js';
import {
  createTechScorecardRepo,
  createTechScorecardService,
  techScorecardRoutes,
} from './modules/tech-scorecard/index.js';
import {
  createQuoteTemplatesRepo,
  createQuoteTemplatesService,
  quoteTemplatesRoutes,
} from './modules/quote-templates/index.js';
import { createQuotePdfService, createQuotesRepo, createQuotesService, quotesRoutes } from './modules/quotes/index.js';
import { createDbRateLimiter } from './plugins/rate-limit.js';
import { createFileStorage } from './storage/storage.js';
import { createOutboxRepo, createOutboxService, outboxRoutes } from './modules/outbox/index.js';
import {
  createWebhooksRepo,
  createWebhooksService,
  createWebhookWorker,
  webhooksRoutes,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from './modules/webhooks/index.js';
import { createOutboxWorker, createSmtpTransport, type OutboxWorkerOptions } from './outbox/worker.js';
import { readSessionToken, registerAuth } from './plugins/auth.js';
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
  outboxWorkerOptions?: Partial<
    Pick<OutboxWorkerOptions, 'pollIntervalMs' | 'batchSize' | 'leaseMs' | 'maxAttempts' | 'backoff' | 'workerId'>
  >;
  /**
   * The webhook delivery worker: 'listen' (default) starts it when the server listens, 'ready' at
   * once, 'off' never. `webhookWorkerOptions` tune it (tests: short polls and back-off).
   */
  webhookWorker?: 'listen' | 'ready' | 'off';
  webhookWorkerOptions?: Partial<
    Pick<
      WebhookWorkerOptions,
      'pollIntervalMs' | 'batchSize' | 'leaseMs' | 'maxAttempts' | 'backoff' | 'workerId' | 'timeoutMs'
    >
  >;
  /**
   * The service agreements' visit generator of this server: 'listen' (default) starts it when the
   * server listens, so inject()-only tests never run it; 'ready' starts it at once; 'off' never.
   */
  agreementGenerator?: 'listen' | 'ready' | 'off';
  agreementGeneratorOptions?: { intervalMs?: number; firstRunMs?: number; serverId?: string };
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
export function trustedProxies(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
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
  const authRepo = createAuthRepo(db);
  const auth = createAuthService({
    repo: authRepo,
    users: createUsersRepo(db),
    limiter,
    clock,
    sessionIdleMinutes: config.sessionIdleMinutes,
    sessionCache,
  });
  // API tokens (decision 047): copies kept like the sessions', forgotten on the same announcement
  // (migration's triggers on api_tokens announce a revoke), so every server refuses a revoked
  // token from its next request on.
  const apiTokenCache = createSessionCache<LiveApiToken>({ ttlMs: config.sessionCacheMs });
  const apiTokens = createApiTokensService({ repo: createApiTokensRepo(db), clock, cache: apiTokenCache });
  if (config.sessionCacheMs > 0) {
    const stopListening = database.listen(SESSION_CHANGE_CHANNEL, {
      onNotify: () => {
        sessionCache.forgetAll();
        apiTokenCache.forgetAll();
      },
      onState: (listening) => {
        sessionCache.setListening(listening);
        apiTokenCache.setListening(listening);
      },
    });
    app.addHook('onClose', stopListening);
  }
  const home = createHomeService({ repo: createHomeRepo(db), settings, clock });
  const search = createSearchRepo(db, caps);

  await registerAuth(app, config, auth, apiTokens, limiter);
  await registerOpenApi(app);

  // Foundation
  healthRoutes(app, { health: createHealthService(database) });
  authRoutes(app, { auth, config });
  settingsRoutes(app, { settings });
  apiTokensRoutes(app, { apiTokens, settings });
  taxGroupsRoutes(app, { db });
  homeRoutes(app, { home });
  searchRoutes(app, { search });

  // Customers: companies, locations, units, contacts
  const contactsRepo = createContactsRepo(db, caps);
  {
    const geocoder =
      deps.geocoder ??
      (config.geocoderUrl
        ? createNominatimGeocoder({
            url: config.geocoderUrl,
            onError: (error) => app.log.warn({ err: error }, 'geocoding failed; saved without coordinates'),
          })
        : noGeocoder);
    const companiesRepo = createCompaniesRepo(db, caps);
    const locationsRepo = createLocationsRepo(db, caps);
    const unitsRepo = createUnitsRepo(db, caps);
    clientConfigRoutes(app, { config });
    customerDashboardRoutes(app, { dashboard: createCustomerDashboardRepo(db) });
    // Export file names carry the date in the company's time zone (as the price book's do).
    const companyToday = () => settings.today(clock());
    companiesRoutes(app, {
      companies: createCompaniesService({ db, repo: companiesRepo, locations: locationsRepo, geocoder }),
      today: companyToday,
    });
    locationsRoutes(app, {
      locations: createLocationsService({ db, repo: locationsRepo, companies: companiesRepo, geocoder }),
      today: companyToday,
    });
    unitsRoutes(app, { units: createUnitsService({ db, repo: unitsRepo, locations: locationsRepo }) });
    contactsRoutes(app, { contacts: createContactsService({ db, repo: contactsRepo }), today: companyToday });
    companyReportRoutes(app, {
      reports: createCompanyReportService({ repo: createCompanyReportRepo(db), timeZone: settings.timeZone, clock }),
      settings: settings.getCompany,
    });
    // QR labels hold the unit page's URL on PUBLIC_URL, as quote e-mails do (decision 046).
    unitLabelsRoutes(app, {
      labels: createUnitLabelsService({ repo: createUnitLabelsRepo(db), publicUrl: config.publicUrl }),
    });
  }

  // Settings, users, technicians, account
  {
    const usersRepo = createUsersRepo(db, caps);
    const techniciansRepo = createTechniciansRepo(db);
    usersRoutes(app, {
      users: createUsersService({ db, users: usersRepo, technicians: techniciansRepo, sessions: authRepo, clock }),
    });
    techniciansRoutes(app, {
      technicians: createTechniciansService({
        db,
        users: usersRepo,
        technicians: techniciansRepo,
        sessions: authRepo,
        clock,
      }),
    });
    referenceTypesRoutes(app, { referenceTypes: createReferenceTypesService({ repo: createReferenceTypesRepo(db) }) });
    accountRoutes(app, { account: createAccountService({ users: usersRepo, auth }) });
  }

  // Price book
  const priceBook = createPriceBookService({ repo: createPriceBookRepo(db, caps), db, settings, clock, parsing });
  await priceBookRoutes(app, { priceBook });

  // Jobs, dispatch, inspections, quotes, invoices. Each module writes only its own tables
  // (docs/decisions/028): a cancelled or deleted job's quotes, invoices and inspections change
  // through their owners' repos, and a quote's decision asks the jobs and inspections repos.
  const quotesRepo = createQuotesRepo(db);
  const inspectionsRepo = createInspectionsRepo(db);
  const jobsRepo = createJobsRepo(db, caps);
  const inspections = createInspectionsService({ db, repo: inspectionsRepo, storage: createFileStorage(), clock });
  {
    const jobs = createJobsService({
      db,
      repo: jobsRepo,
      settings,
      clock,
      withdrawOpenQuotes: (jobId, exec) => quotesRepo.closeOpen(jobId, 'withdrawn', exec),
      deleteUnansweredQuotes: (jobId, exec) => quotesRepo.deleteUnanswered(jobId, exec),
      deleteDraftInvoices: (jobId, exec) => deleteDraftInvoicesOfJob(exec, jobId),
      deleteInspections: (jobId, exec) => inspectionsRepo.deleteOfJob(jobId, exec),
      repairsOfJob: (jobId, exec) => inspectionsRepo.repairSummary(jobId, exec),
      contacts: createJobContacts(contactsRepo),
    });
    jobsRoutes(app, { jobs });
    // The technician's day on a phone (issue 30, decision 045); the job's values change through jobs.
    fieldRoutes(app, {
      field: createFieldService({
        db,
        repo: createFieldRepo(db),
        settings,
        storage: createFileStorage(),
        clock,
        jobs,
        inspections,
      }),
    });
    dispatchRoutes(app, {
      dispatch: createDispatchService({ db, repo: createDispatchRepo(db), jobs: jobsRepo, settings, clock }),
    });

    // Service agreements and their visits (issue 29, decision 043): visits become jobs through the
    // jobs service, and this server's generator runs them periodically under a database lock.
    const agreements = createAgreementsService({
      db,
      repo: createAgreementsRepo(db, caps),
      settings,
      clock,
      jobs,
      references: jobsRepo,
      storage: createFileStorage(),
      ...(deps.agreementGeneratorOptions?.serverId ? { serverId: deps.agreementGeneratorOptions.serverId } : {}),
    });
    agreementsRoutes(app, { agreements });
    agreementBillingRoutes(app, {
      reports: createAgreementBillingRepo(db),
      today: () => settings.today(clock()),
      agreements,
    });
    agreementReportsRoutes(app, {
      reports: createAgreementReportsService({ repo: createAgreementReportsRepo(db), settings, clock }),
    });
    const generatorMode = deps.agreementGenerator ?? 'listen';
    if (generatorMode !== 'off') {
      const worker = createVisitGeneratorWorker({
        service: agreements,
        log: app.log,
        ...deps.agreementGeneratorOptions,
      });
      app.addHook(generatorMode === 'ready' ? 'onReady' : 'onListen', async () => worker.start());
      app.addHook('onClose', async () => worker.stop());
    }
  }
  await inspectionsRoutes(app, { inspections });

  // Invoices: the job's invoices, the lists, the invoice pages, PDFs and reports (issue 14)
  invoicesRoutes(app, { invoices: createInvoicesService({ db, storage: createFileStorage(), clock, ...caps }) });

  // Accounting export: the account mapping and the export log (issue 31, decision 051)
  accountingExportRoutes(app, {
    exports: createAccountingExportService({ db, repo: createAccountingExportRepo(db), timeZone: settings.timeZone }),
  });

  // Quote templates, quote PDFs (issue 12)
  {
    const storage = createFileStorage();
    const templatesRepo = createQuoteTemplatesRepo(db);
    const quotePdf = createQuotePdfService({
      db,
      templates: templatesRepo,
      storage,
      settings: createSettingsRepo,
      publicUrl: config.publicUrl,
      clock,
      parsing,
    });
    await quoteTemplatesRoutes(app, {
      templates: createQuoteTemplatesService({ db, repo: templatesRepo, storage, parsing }),
      quotePdf,
    });

    // Sending quotes and the customer's decision (issue 13, decision 018)
    const quotes = createQuotesService({
      db,
      repo: quotesRepo,
      jobs: createJobDecisionsRepo(db),
      repairs: inspections,
      templates: templatesRepo,
      quotePdf,
      storage,
      settings: createSettingsRepo,
      publicUrl: config.publicUrl,
      officeEmail: config.officeEmail,
      clock,
    });
    quotesRoutes(app, { quotes, quotePdf, limiter });
    const limitSweep = setInterval(
      () => {
        limiter
          .sweep(new Date(clock().getTime() - 60 * 60 * 1000))
          .catch((error: unknown) => app.log.warn({ err: error }, 'rate limit sweep failed'));
      },
      60 * 60 * 1000,
    );
    limitSweep.unref();
    app.addHook('onClose', async () => clearInterval(limitSweep));
  }

  // Service Opportunities and the Tech Scorecard (issue 28, decision 039)
  opportunitiesRoutes(app, {
    opportunities: createOpportunitiesService({ db, repo: createOpportunitiesRepo(db), settings, clock }),
  });
  techScorecardRoutes(app, {
    scorecards: createTechScorecardService({ repo: createTechScorecardRepo(db), settings, clock }),
  });

  // Calendar feeds and the full data export (issue 31, decisions 049 and 050)
  {
    const jobsRepo = createJobsRepo(db, caps);
    calendarFeedsRoutes(app, {
      feeds: createCalendarFeedsService({
        repo: createCalendarFeedsRepo(db),
        timeZone: settings.timeZone,
        // The offices there are: the jobs' and the technicians' offices, and Main Office.
        offices: async () => [...new Set([DEFAULT_OFFICE, ...(await jobsRepo.options()).offices])],
        publicUrl: config.publicUrl,
        clock,
      }),
      limiter,
    });
    dataExportRoutes(app, {
      dataExport: createDataExportService({ db, storage: createFileStorage(), clock }),
      today: () => settings.today(clock()),
    });
  }

  // E-mail outbox: the Outbox API, and the delivery worker of this server (issue 13)
  {
    const storage = createFileStorage();
    outboxRoutes(app, {
      outbox: createOutboxService({
        db,
        repo: createOutboxRepo(db),
        storage,
        deliveryConfigured: Boolean(config.smtpUrl),
      }),
    });
    const mode = deps.outboxWorker ?? 'listen';
    if (config.smtpUrl && mode !== 'off') {
      const smtpUrl = config.smtpUrl;
      let worker: ReturnType<typeof createOutboxWorker> | null = null;
      const start = async () => {
        worker = createOutboxWorker({
          db,
          storage,
          transport: createSmtpTransport(smtpUrl),
          from: config.mailFrom,
          log: app.log,
          ...deps.outboxWorkerOptions,
        });
        worker.start();
        app.log.info({ workerId: worker.workerId }, 'outbox worker started');
      };
      app.addHook(mode === 'ready' ? 'onReady' : 'onListen', start);
      app.addHook('onClose', async () => {
        await worker?.stop();
        worker?.close();
      });
    } else if (!config.smtpUrl) {
      app.addHook('onListen', async () =>
        app.log.info('SMTP_URL is not set: e-mail stays queued in the outbox (Settings > Outbox)'),
      );
    }
  }

  // Webhooks: Settings > Webhooks, and the delivery worker of this server (issue 31, decision 048)
  {
    webhooksRoutes(app, {
      webhooks: createWebhooksService({
        repo: createWebhooksRepo(db),
        allowPrivateUrls: config.webhookAllowPrivateUrls,
      }),
    });
    const mode = deps.webhookWorker ?? 'listen';
    if (mode !== 'off') {
      let worker: WebhookWorker | null = null;
      app.addHook(mode === 'ready' ? 'onReady' : 'onListen', async () => {
        worker = createWebhookWorker({
          db,
          allowPrivate: config.webhookAllowPrivateUrls,
          log: app.log,
          ...deps.webhookWorkerOptions,
        });
        worker.start();
      });
      app.addHook('onClose', async () => {
        await worker?.stop();
      });
    }
  }

  // A signed-in page shows the company's line (and Home its title) before any script (decision 062).
  const pageFacts = async (request: FastifyRequest) => {
    const token = readSessionToken(request);
    if (!token) return null;
    try {
      if (!(await auth.resolveSession(token))) return null;
      return { companyLine: managementTitle((await settings.getCompany()).name) };
    } catch (error) {
      request.log.warn({ err: error }, 'page facts unavailable; serving the plain page');
      return null;
    }
  };
  await registerWeb(app, deps.webDir === undefined ? path.join(projectRoot(), 'dist/web') : deps.webDir, {
    pageFacts,
  });

  // Expired sessions are removed in the background; a failure only logs.
  const sweep = setInterval(
    () => {
      auth.deleteExpiredSessions().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
    },
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  return app;
}

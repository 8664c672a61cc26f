import { systemClock } from '@/server/platform/clock';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/platform/config';
import { openPostgres, type Database } from '@/server/platform/db/client';
import { prepareDatabase } from '@/server/prepare-database';
import { orders, units } from '@/server/platform/db/schema';
import { createAppDeps } from '@/server/deps';
import { StripePaymentGateway } from '@/server/billing/provider/stripe-gateway';
import { withDatabase } from '../support/global-setup';
import { productionEnv, productionHost } from '../support/production-env';
import { freePort, startServer, waitUntilReady } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startStripeFake, type StripeFake } from '../support/stripe-fake';

// Going live (issue 11): an owner starts the product with NODE_ENV=production on a new, empty PostgreSQL database.
// It must open for business: a catalog with both unit models, and a paid checkout that mails its confirmation.
// The database is created empty (no migrations), so this runs in the PostgreSQL pass only.

const owner = { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'owner-password-long-enough' };
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const databaseName = `coolrent_golive_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const databaseUrl = adminUrl && withDatabase(adminUrl, databaseName);

interface CatalogModel {
  id: string;
  name: string;
  btuTier: string;
  monthlyPrice: number;
}

describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'a production start on an empty PostgreSQL database (PostgreSQL pass only)',
  () => {
    let admin: pg.Client;
    let dataDir: string;
    beforeAll(async () => {
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-golive-'));
    });
    afterAll(async () => {
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('the server process migrates it, adds the reference data and serves both unit models', async () => {
      const port = await freePort();
      const server = startServer({
        ...productionEnv,
        // The site's one address is where this test reaches it: any other host would be redirected (ADR 015).
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...owner,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        DATA_DIR: dataDir,
      });
      try {
        await waitUntilReady(`http://127.0.0.1:${port}`, 60_000).catch((error: Error) => {
          throw new Error(`${error.message}\n${server.output()}`);
        });
        const response = await fetch(`http://127.0.0.1:${port}/api/unit-models`);
        expect(response.status).toBe(200);
        const models = (await response.json()) as CatalogModel[];
        expect(models.map((model) => [model.btuTier, model.monthlyPrice]).sort()).toEqual([
          ['12-14k', 3900],
          ['8-10k', 3900],
        ]);
        // No demo data in production: no fleet, no customers, no demo sign-in.
        const stock = await fetch(`http://127.0.0.1:${port}/api/inventory/${models[0]!.id}`);
        expect(await stock.json()).toEqual({ available: 0, held: 0 });
        const login = (await (await fetch(`http://127.0.0.1:${port}/api/admin/login`)).json()) as object;
        expect(login).toMatchObject({ demoCredentials: null });
        // A direct connection: its NOTIFY round trip is heard, and PostgreSQL draws no PGlite warning.
        expect(server.output()).not.toMatch(/transaction pooler|production on PGlite/);
      } finally {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    }, 90_000);

    describe('a first rental, paid through the Stripe adapter', () => {
      let stripe: StripeFake;
      let smtp: SmtpSink;
      let database: Database;
      let app: FastifyInstance;
      beforeAll(async () => {
        [stripe, smtp] = await Promise.all([startStripeFake(), startSmtpSink()]);
        const config = loadConfig({
          ...productionEnv,
          ...owner,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          SMTP_URL: smtp.url,
          LOG_LEVEL: 'silent',
        });
        database = openPostgres(databaseUrl, 5);
        // What main.ts does at every start (the process above already did it once: this adds nothing).
        await prepareDatabase(database, config);
        // The adapter select-gateway.ts builds from this configuration, pointed at the local fake of Stripe's API.
        const payments = new StripePaymentGateway({
          secretKey: config.stripe.secretKey!,
          webhookSecret: config.stripe.webhookSecret,
          priceMonthly: config.stripe.priceMonthly,
          api: stripe.api,
          clock: systemClock,
        });
        app = await buildApp({ deps: createAppDeps(config, database, { payments }), logger: false });
        await app.ready();
      });
      // Requests arrive on the site's own host, as through its domain; any other would be redirected (ADR 015).
      const inject = (options: InjectOptions) =>
        app.inject({ ...options, headers: { ...options.headers, host: productionHost } });
      afterAll(async () => {
        await app?.close();
        await database?.close();
        await Promise.all([stripe?.close(), smtp?.close()]);
      });

      it('the owner stocks a unit, a customer checks out and pays, and the confirmation arrives by SMTP', async () => {
        const models = (await inject({ url: '/api/unit-models' })).json() as CatalogModel[];
        expect(models).toHaveLength(2);
        const model = models.find((candidate) => candidate.btuTier === '12-14k')!;

        // The owner signs in with the account the first start created and adds the first unit.
        const signIn = await inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: owner.ADMIN_USERNAME, password: owner.ADMIN_PASSWORD },
        });
        expect(signIn.statusCode).toBe(200);
        const adminCookie = signIn.cookies.find((cookie) => cookie.name === 'cr_admin')!;
        expect(adminCookie.secure).toBe(true);
        const added = await inject({
          method: 'POST',
          url: '/api/admin/units',
          cookies: { cr_admin: adminCookie.value },
          payload: {
            modelId: model.id,
            serial: 'CR14-0001',
            brand: 'Whynter',
            model: 'ARC-14S',
            btu: 14_000,
            purchaseDate: '2026-04-02',
            purchasePrice: 499.99,
          },
        });
        expect(added.statusCode).toBe(201);
        expect((await inject({ url: `/api/inventory/${model.id}` })).json()).toEqual({ available: 1, held: 0 });

        // A customer checks out: the order and its hold, then a Checkout Session at Stripe.
        const email = 'first.renter@example.com';
        const created = await inject({
          method: 'POST',
          url: '/api/checkout/create-session',
          payload: {
            planType: 'monthly',
            startDate: addDays(todayInLosAngeles(), 2),
            name: 'Jordan Rivera',
            email,
            phone: '(714) 555-0101',
            address: '123 Main Street',
            city: 'Irvine',
            zipCode: '92612',
            modelId: model.id,
          },
        });
        expect(created.statusCode).toBe(200);
        const { orderId, sessionUrl } = created.json() as { orderId: string; sessionUrl: string };
        // Through our route, which holds the unit for the page, to Stripe's page (ADR 037).
        expect(sessionUrl).toBe(`${productionEnv.PUBLIC_URL}/api/checkout/pay/${orderId}`);
        const opened = await inject({ url: new URL(sessionUrl).pathname });
        expect(opened.statusCode).toBe(302);
        const pageUrl = String(opened.headers.location);
        expect(pageUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
        const sessionId = pageUrl.split('/').pop()!;
        const sessionRequest = stripe.requests.find((request) => request.path === '/v1/checkout/sessions')!;
        expect(sessionRequest.headers.authorization).toBe(`Bearer ${productionEnv.STRIPE_SECRET_KEY}`);
        expect(sessionRequest.params).toMatchObject({
          mode: 'subscription',
          'line_items[0][price_data][unit_amount]': '3900',
          'metadata[orderId]': orderId,
          customer_email: email,
          success_url: `${productionEnv.PUBLIC_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
        });

        const checkoutCookie = created.cookies.find((cookie) => cookie.name === 'cr_checkout')!.value;
        const signed = await inject({
          method: 'POST',
          url: '/api/agreements/create',
          cookies: { cr_checkout: checkoutCookie },
          payload: { orderId, typedName: 'Jordan Rivera', agreed: true },
        });
        expect(signed.statusCode).toBe(201);

        // Stripe reports the payment: checkout.session.completed, signed with the production webhook secret.
        const payload = JSON.stringify({
          id: `evt_${randomUUID().replaceAll('-', '')}`,
          object: 'event',
          type: 'checkout.session.completed',
          created: Math.floor(Date.now() / 1000),
          data: {
            object: {
              id: sessionId,
              object: 'checkout.session',
              mode: 'subscription',
              status: 'complete',
              payment_status: 'paid',
              customer: 'cus_golive0001',
              subscription: 'sub_golive0001',
              client_reference_id: orderId,
              metadata: { orderId },
            },
          },
        });
        const webhook = await inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({
              payload,
              secret: productionEnv.STRIPE_WEBHOOK_SECRET,
            }),
          },
          payload,
        });
        expect(webhook.statusCode).toBe(200);

        const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
        expect(order).toMatchObject({ status: 'active', stripeSubscriptionId: 'sub_golive0001' });
        const [unit] = await database.db.select().from(units).where(eq(units.serial, 'CR14-0001'));
        expect(unit).toMatchObject({ status: 'rented', currentOrderId: orderId });

        // The confirmation went over SMTP, from the system template the first start created, agreement attached.
        const confirmation = smtp.messages.find((message) => message.to.includes(email));
        expect(confirmation, 'no e-mail reached the SMTP server for the customer').toBeDefined();
        const raw = confirmation!.raw.replace(/=\r?\n/g, '');
        expect(raw).toContain(`Subject: Your AC rental is confirmed (${order!.orderNumber})`);
        expect(raw).toMatch(/Content-Type: application\/pdf/i);
        expect(raw).toContain(`${productionEnv.PUBLIC_URL}/auth/link/`);
      });
    });
  },
);

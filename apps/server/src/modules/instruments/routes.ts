import { jsonQueryParam } from '@xtrader/core/api/common';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import {
  expiryDatesFiltersSchema,
  expiryDatesResponseSchema,
  fetchInstrumentFiltersSchema,
  fetchInstrumentResponseSchema,
  instrumentSearchFiltersSchema,
  instrumentSearchPagingSchema,
  instrumentSearchResponseSchema,
  latestOptionQuerySchema,
  latestOptionResponseSchema,
  strikesFiltersSchema,
  strikesResponseSchema,
} from '@xtrader/core/api/instruments';
import { indexNameSchema } from '@xtrader/core/market/indices';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain-error';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/authenticate';
import type { MarketData, PriceView } from '../market/contract';
import type { InstrumentService } from './service';

export interface InstrumentRouteDeps {
  service: InstrumentService;
  requireUser: preHandlerAsyncHookHandler;
  /** The caller's own price source (their broker's stream, else the shared one) and their view of it. */
  pricesOf: PricesOfUser;
}

export type PricesOfUser = (
  userId: string,
) => Promise<{ quotes: Pick<MarketData, 'getQuote'>; view: PriceView }>;

// Filters arrive as one JSON query parameter. Unknown filter names are refused rather than
// ignored, so a typo is a 400 naming it instead of a silently unfiltered answer.
const expiryDatesQuerySchema = z.object({ filters: jsonQueryParam(expiryDatesFiltersSchema.strict()) });
const strikesQuerySchema = z.object({ filters: jsonQueryParam(strikesFiltersSchema.strict()) });
const fetchInstrumentQuerySchema = z.object({
  filters: jsonQueryParam(fetchInstrumentFiltersSchema.strict()),
});

const searchFiltersSchema = instrumentSearchFiltersSchema
  .extend({ underlying: z.array(indexNameSchema).optional() })
  .strict();
const searchQuerySchema = instrumentSearchPagingSchema.extend({
  filters: jsonQueryParam(searchFiltersSchema).optional(),
});

const tags = ['instruments'];
const security = [{ accessToken: [] }];

/** `/instruments/...`; every route needs a logged-in caller. */
export function registerInstrumentRoutes(app: ApiApp, deps: InstrumentRouteDeps): void {
  const { service, pricesOf } = deps;
  const preHandler = deps.requireUser;

  app.get(
    '/instruments/getExpiryDates',
    {
      preHandler,
      schema: {
        tags,
        security,
        querystring: expiryDatesQuerySchema,
        response: { 200: envelopeSchema(expiryDatesResponseSchema) },
      },
    },
    async (request) => ok({ expiryDates: service.expiryDates(request.query.filters.name) }),
  );

  app.get(
    '/instruments/fetchLatestOptionOfIndex',
    {
      preHandler,
      schema: {
        tags,
        security,
        querystring: latestOptionQuerySchema,
        response: { 200: envelopeSchema(latestOptionResponseSchema) },
      },
    },
    async (request) => {
      const { quotes, view } = await pricesOf(currentUser(request).id);
      return ok(service.latestOption(request.query.name, view, quotes));
    },
  );

  app.get(
    '/instruments/getStrikes',
    {
      preHandler,
      schema: {
        tags,
        security,
        querystring: strikesQuerySchema,
        response: { 200: envelopeSchema(strikesResponseSchema) },
      },
    },
    async (request) => {
      const { name, expiry, instrumentType } = request.query.filters;
      return ok({ strikes: service.strikes(name, expiry, instrumentType) });
    },
  );

  app.get(
    '/instruments/fetchInstrument',
    {
      preHandler,
      schema: {
        tags,
        security,
        querystring: fetchInstrumentQuerySchema,
        response: { 200: envelopeSchema(fetchInstrumentResponseSchema) },
      },
    },
    async (request) => {
      const filters = request.query.filters;
      const row = service.find(filters);
      if (!row || (filters.exchange !== undefined && row.exchange !== filters.exchange)) {
        throw new DomainError('not_found', 'Instrument not found');
      }
      const { quotes, view } = await pricesOf(currentUser(request).id);
      return ok({ instrument: service.withQuote(row, view, quotes) });
    },
  );

  app.get(
    '/instruments/search',
    {
      preHandler,
      schema: {
        tags,
        security,
        querystring: searchQuerySchema,
        response: { 200: envelopeSchema(instrumentSearchResponseSchema) },
      },
    },
    async (request) => {
      const { filters, page, limit } = request.query;
      const found = await service.search({
        text: filters?.identifier,
        instrumentTypes: filters?.instrumentType,
        segments: filters?.segment,
        underlyings: filters?.underlying,
        page,
        limit,
      });
      const { quotes, view } = await pricesOf(currentUser(request).id);
      return ok({
        instruments: found.rows.map((row) => service.withQuote(row, view, quotes)),
        next: found.next,
      });
    },
  );
}

import type { IncomingMessage } from 'node:http';
import { LOCALES, type Locale } from '@/contracts/locale';
import { negotiateEncoding } from './compression';
import type { FastLaneRoute } from './fast-lane';
import { matchesEtag, type PageCopy, type RenderedPages, requestLocale } from './prerendered';

type Copies = ReadonlyMap<Locale, PageCopy>;

/**
 * A prerendered page (`/`, `/catalog`) in the fast lane (http/fast-lane.ts, ADR 027 and 028): once rendered, its
 * answer depends only on the rendered copies and on four request headers — the language (cookie `lang`, else
 * Accept-Language), If-None-Match and Accept-Encoding — exactly as registerRenderedPages' handler reads them, so
 * Fastify's own answer for each language and variant (every header of every hook: CSP, Vary, ETag, cache) is
 * replayed. Each request still lets the pages check, at most every 10 s, whether their data changed.
 */
export function renderedPageFastLane(pages: RenderedPages, pagePath: string): FastLaneRoute<Copies> {
  return {
    path: pagePath,
    snapshot: () => {
      const copies = pages.copies(pagePath);
      if (copies) pages.recheck();
      return copies;
    },
    variant: (headers, copies) => pageVariant(headers, copies),
    requestHeaders: (variant, copies) => {
      const [locale, answer] = variant.split(' ') as [Locale, string];
      const headers: Record<string, string> = { 'accept-language': locale };
      if (answer === '304') headers['if-none-match'] = copies.get(locale)!.etag;
      else headers['accept-encoding'] = answer;
      return headers;
    },
  };
}

type PageAnswer = '304' | 'br' | 'gzip' | 'identity' | 'missing';
const PAGE_ANSWERS: readonly PageAnswer[] = ['304', 'br', 'gzip', 'identity', 'missing'];

/** Every variant's name, made once (the fast lane's lookups hash each string once: FastLaneRoute.variant). */
const VARIANTS = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.fromEntries(PAGE_ANSWERS.map((answer) => [answer, `${locale} ${answer}`]))]),
) as Record<Locale, Record<PageAnswer, string>>;

/** `<locale> <304|br|gzip|identity>`: what registerRenderedPages would answer these headers with. */
export function pageVariant(headers: IncomingMessage['headers'], copies: Copies): string {
  const locale = requestLocale(headers);
  const variants = VARIANTS[locale];
  const page = copies.get(locale);
  if (!page) return variants.missing;
  if (matchesEtag(headers['if-none-match'], page.etag)) return variants['304'];
  return variants[negotiateEncoding(headers['accept-encoding']) ?? 'identity'];
}

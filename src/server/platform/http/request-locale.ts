import type { FastifyRequest } from 'fastify';
import type { Locale } from '@/contracts/locale';
import { LOCALE_COOKIE, parseAcceptLanguage, pickLocale } from '@/i18n/locale';

/** The language a request reads in: the remembered choice (cookie `lang`), else Accept-Language, else English. */
export function requestLocale(request: FastifyRequest): Locale {
  return pickLocale({
    cookie: request.cookies[LOCALE_COOKIE],
    preferences: parseAcceptLanguage(request.headers['accept-language']),
  });
}

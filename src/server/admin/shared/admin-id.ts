import type { FastifyRequest } from 'fastify';
import { currentAdmin } from '@/server/platform/auth/guard';

/** The id of the admin signed in for this request (every admin route but the login is behind the guard). */
export const adminIdOf = (request: FastifyRequest): string => currentAdmin(request).adminUserId;

import type { FastifyInstance } from 'fastify';
import { Invalid } from '../errors';

/** Deeper than any payload the API takes (the deepest is two levels); anything deeper is refused unread. */
const MAX_DEPTH = 16;

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface InputProblem {
  /** The field as the zod errors name it: `name`, `unitIds.3`; empty for the value itself. */
  field: string;
  message: string;
}

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Text cannot contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'Text must be valid Unicode (it has a lone surrogate)';
  return null;
}

/**
 * The first string (value or key) in `value` that PostgreSQL cannot store, or a nesting deeper than any request of
 * ours: NUL is refused by text columns, a lone surrogate by jsonb. Walks iteratively, so no input can overflow it.
 */
export function findInputProblem(value: unknown): InputProblem | null {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) return { field: path.join('.'), message };
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (path.length >= MAX_DEPTH) return { field: '', message: 'The request is nested too deeply' };
    for (const [key, child] of Object.entries(current)) {
      const message = textProblem(key);
      if (message)
        return { field: [...path, key.replaceAll('\u0000', '?').replace(/[\uD800-\uDFFF]/g, '?')].join('.'), message };
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/** Throws the API's 400 (`{ message, fieldErrors }`) for the first problem in `value`. */
export function assertCleanInput(value: unknown): void {
  const problem = findInputProblem(value);
  if (problem) throw new Invalid(problem.message, problem.field ? { [problem.field]: problem.message } : undefined);
}

/**
 * One check for every route, present and future: path parameters, the query string and a parsed body are refused
 * with a 400 before validation when they hold text the database cannot store (ADR 014). A raw body (the signed
 * webhook) is checked where it is parsed.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  // A callback hook (no promise per request); a GET without parameters has nothing to walk.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertCleanInput(request.params);
      assertCleanInput(request.query);
      assertCleanInput(request.body);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

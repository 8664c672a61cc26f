import { z } from 'zod';

/** Every error the API returns: a message a person can read, plus per-field messages for bad input. */
export const apiError = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  /** A machine-readable reason where a page acts on it (e.g. 'out_of_service_area' offers the lead form). */
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** A route's error answers for the status codes it may give: each one an apiError (the routes' response schemas). */
export function errorResponses<Code extends number>(...codes: Code[]): Record<Code, typeof apiError> {
  return Object.fromEntries(codes.map((code) => [code, apiError])) as Record<Code, typeof apiError>;
}

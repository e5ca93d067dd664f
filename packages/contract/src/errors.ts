import { z } from 'zod';

/** Every error body: `{ error, message, details? }` (DESIGN.md, API rules). Codes: error-codes.ts. */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

import type { Access, PolicyEntity } from './policy.ts';

/**
 * The policy's refusal of one object (ADR 019, ADR 066): the scope may not see, or change, it. The policy
 * layer only says no; the HTTP layer says how (plugins/errors.ts answers 404 with the message — another
 * person's object is not found, never "forbidden", so ids cannot be probed).
 */
export class PolicyDenied extends Error {
  override name = 'PolicyDenied';
  constructor(
    readonly entity: PolicyEntity,
    readonly access: Access,
    message: string,
  ) {
    super(message);
  }
}

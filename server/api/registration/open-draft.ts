import type { FastifyRequest } from 'fastify';
import { REGISTRATION_CALL_MESSAGES } from '#server/contracts/registration.ts';
import {
  REGISTRATION_VARIANTS,
  type RegistrationVariant,
  type RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { notFound } from '#server/errors.ts';
import { findDraft } from './queries.ts';

/** The variant, if the host's bank offers it (its tenant file's registration_variants). */
export function offeredVariant(request: FastifyRequest, code: RegistrationVariantCode): RegistrationVariant {
  if (!request.tenant.config.registration_variants.includes(code)) throw notFound();
  return REGISTRATION_VARIANTS[code];
}

/** The draft of the id (locked), in a variant the bank still offers, or the refusal that it is gone. */
export async function openDraft(request: FastifyRequest, tx: DbTransaction, draftId: string) {
  const draft = await findDraft(tx, draftId);
  if (!draft) throw notFound(REGISTRATION_CALL_MESSAGES.draftGone);
  return { ...draft, variant: offeredVariant(request, draft.variant) };
}

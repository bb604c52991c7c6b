import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { HttpError } from '#client/lib/request/http-error.ts';
import {
  REGISTRATION_VARIANT_CODES,
  REGISTRATION_VARIANTS,
  type RegistrationVariant,
  type RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import { staticPages } from '#server/contracts/pages/static-pages.ts';

/** The variants the host's bank offers (its tenant file's registration_variants), in the table's order. */
export function useOfferedVariants(): RegistrationVariant[] {
  const offered = useAppConfig().registration_variants;
  return REGISTRATION_VARIANT_CODES.filter((code) => offered.includes(code)).map(
    (code) => REGISTRATION_VARIANTS[code],
  );
}

/** The variant if the bank offers it; else the 404 page, as the server answers its calls. */
export function useOfferedVariant(code: string | null | undefined): RegistrationVariant {
  const variant = useOfferedVariants().find((offered) => offered.code === code);
  if (!variant) throw new HttpError(404);
  return variant;
}

/** The terms page an application agrees to: the portal membership's own, or the service's. */
export function termsPathOf(code: RegistrationVariantCode): string {
  return (code === 'portal' || code === 'hgba' ? staticPages.portalTerms : staticPages.siteTerms).path;
}

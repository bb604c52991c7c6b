import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { authorizationRequest, portalClient, redeemCallback } from '../api/idp/relying-party.ts';
import { completeProviderLogin, type TestIdentityProvider } from './idp.ts';
import { DEMO_LOGIN_OF } from './login.ts';

/**
 * A real id token of the bank's demo account of that type, for the portal's client: the code flow
 * straight at the provider, as the mobile app's wrapper runs it (no gateway login, no session).
 * The gateway takes it as `Authorization: Bearer <id token>`.
 */
export async function bearerIdTokenOf(
  idp: TestIdentityProvider,
  code: string,
  userType: UserTypeCode,
): Promise<string> {
  const config = await portalClient(idp, code);
  const request = await authorizationRequest(config, code);
  const { callbackUrl } = await completeProviderLogin(request.url, {
    loginId: `${DEMO_LOGIN_OF[userType]}-${code}`,
    password: 'demo-password',
  });
  const tokens = await redeemCallback(config, request, callbackUrl);
  if (!tokens.id_token) throw new Error('the provider answered no id token');
  return tokens.id_token;
}

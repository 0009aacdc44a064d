import { ArcticFetchError, OAuth2RequestError, UnexpectedErrorResponseBodyError, UnexpectedResponseError } from 'arctic';
import { ProviderHttpError, withTimeout } from './http-json.ts';
import { OAUTH_FAILURES, OAUTH_MESSAGES, OAuthFlowError } from './oauth-errors.ts';
import { IdTokenError } from './verify-id-token.ts';

/**
 * Runs one provider call and turns whatever it throws into an OAuthFlowError: the user sees
 * "Sign-in with X failed", the log gets the reason (an OAuth error code, an HTTP status, an
 * ID token check), never a token.
 */
export async function providerCall<T>(label: string, call: () => Promise<T>, timeoutMs?: number): Promise<T> {
  try {
    return await withTimeout(call(), timeoutMs);
  } catch (error) {
    if (error instanceof OAuthFlowError) throw error;
    throw new OAuthFlowError(kindOf(error), OAUTH_MESSAGES.failed(label), describe(error));
  }
}

function kindOf(error: unknown) {
  return error instanceof IdTokenError ? OAUTH_FAILURES.idToken : OAUTH_FAILURES.exchange;
}

function describe(error: unknown): string {
  if (error instanceof OAuth2RequestError) return `token endpoint error ${error.code}`;
  if (error instanceof UnexpectedResponseError || error instanceof UnexpectedErrorResponseBodyError) {
    return `token endpoint answered HTTP ${error.status}`;
  }
  if (error instanceof ArcticFetchError) return 'token endpoint unreachable';
  if (error instanceof IdTokenError || error instanceof ProviderHttpError) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown failure';
}

import { useParams } from 'react-router';
import { OIDC_PROVIDERS, type OidcProvider } from '@app/shared';
import { OidcCallback } from '../features/auth/components/oidc-callback.tsx';
import { Component as NotFound } from './not-found.tsx';

const isProvider = (value: string | undefined): value is OidcProvider =>
  (OIDC_PROVIDERS as readonly (string | undefined)[]).includes(value);

export function Component() {
  const { provider } = useParams();
  return isProvider(provider) ? <OidcCallback key={provider} provider={provider} /> : <NotFound />;
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { activateLanguage, storedLanguage } from './i18n/i18n.ts';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { installSessionExpiry } from './app/session-expiry.ts';
import './styles.css';

installSessionExpiry();
await activateLanguage(storedLanguage());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

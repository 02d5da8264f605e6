import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import Provider from 'oidc-provider';
import { BASE_URL, MAIL_HTTP_PORT, MAIL_SMTP_PORT, ORCID_CLIENT, ORCID_ISSUER } from './ports.ts';

/**
 * A real SMTP server the app under test sends to, with a small HTTP API for the specs:
 *   GET /messages?to=<address>  → [{ to, subject, text, html }] newest last
 * and, under /oidc, a real OpenID provider (oidc-provider) that behaves like ORCID: `openid` scope
 * only, names in the ID token, never an e-mail. Its development login page accepts any login (the
 * login becomes the iD).
 */
interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}
const mails: CaughtMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((address) =>
          address.value.map((entry) => (entry.address ?? '').toLowerCase()),
        );
        mails.push({
          to,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
smtp.listen(MAIL_SMTP_PORT, '127.0.0.1');

const orcid = new Provider(ORCID_ISSUER, {
  clients: [
    {
      client_id: ORCID_CLIENT.id,
      client_secret: ORCID_CLIENT.secret,
      redirect_uris: [`${BASE_URL}/auth/orcid/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({ sub: id, given_name: 'Nadia', family_name: 'Haddad' }),
  }),
  claims: { openid: ['sub', 'given_name', 'family_name'] },
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['e2e-orcid-cookie-key'] },
});
const orcidHandler = orcid.callback();

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return void response.end('ok');
  if (url.pathname === '/oidc' || url.pathname.startsWith('/oidc/')) {
    // Mounted like Express does it: the provider sees the path below /oidc, the original in originalUrl.
    Object.assign(request, { originalUrl: request.url });
    request.url = request.url!.slice('/oidc'.length) || '/';
    return void orcidHandler(request, response);
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    response.setHeader('content-type', 'application/json');
    return void response.end(JSON.stringify(to ? mails.filter((mail) => mail.to.includes(to)) : mails));
  }
  response.statusCode = 404;
  response.end();
}).listen(MAIL_HTTP_PORT, '127.0.0.1');

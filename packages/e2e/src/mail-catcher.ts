import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { MAIL_HTTP_PORT, MAIL_SMTP_PORT } from './ports.ts';

/**
 * A real SMTP server the app under test sends to, with a small HTTP API for the specs:
 *   GET /messages?to=<address>  → [{ to, subject, text, html }] newest last
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

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return void response.end('ok');
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    response.setHeader('content-type', 'application/json');
    return void response.end(JSON.stringify(to ? mails.filter((mail) => mail.to.includes(to)) : mails));
  }
  response.statusCode = 404;
  response.end();
}).listen(MAIL_HTTP_PORT, '127.0.0.1');

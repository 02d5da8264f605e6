import { describe, expect, it } from 'vitest';
import { carryQuery } from './page-links.ts';

const page = `<link rel="stylesheet" href="/assets/index.css"><a href="/">Home</a>
<a href="/signup?role=EndUser">As User</a><a href="/login">Log In</a><a href="/forgotpassword">Forgot</a>
<a href="https://creativecommons.org/licenses/by/4.0/">Licence</a>`;

describe('carryQuery (prerendered links keep the visitor’s query)', () => {
  it('keeps every other parameter on same-page links and `next` on log-in and sign-up links', () => {
    const html = carryQuery(page, '/signup', new URLSearchParams('next=/course/c1&lang=ar'));
    expect(html).toContain('href="/signup?role=EndUser&amp;next=%2Fcourse%2Fc1&amp;lang=ar"');
    expect(html).toContain('href="/login?next=%2Fcourse%2Fc1"');
    for (const unchanged of ['href="/assets/index.css"', 'href="/"', 'href="/forgotpassword"'])
      expect(html).toContain(unchanged);
    expect(html).toContain('href="https://creativecommons.org/licenses/by/4.0/"');
  });

  it('never lets a parameter break out of the attribute', () => {
    const html = carryQuery(page, '/signup', new URLSearchParams({ next: '"><script>x</script>' }));
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="/login?next=%22%3E%3Cscript%3Ex%3C%2Fscript%3E"');
  });
});

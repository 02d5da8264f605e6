import { describe, expect, it } from 'vitest';
import { courseReturnedMail } from './mail.templates.ts';

/** Decision 206: the reviewer's note quoted in the mail to the author. */
describe('the quoted note', () => {
  const note = 'Cite your sources.\nأضف سؤالًا رابعًا.';
  const quoteOf = (html: string) => /<p dir="auto" style="([^"]*)">([^<]*)<\/p>/.exec(html);

  it.each(['en', 'ar'] as const)(
    'aligns each line to its own direction in the %s mail, not to the mail’s side',
    (lang) => {
      const { html } = courseReturnedMail({
        lang,
        name: null,
        title: 'Course',
        note,
        link: 'https://x.example/',
      });
      const quote = quoteOf(html);
      expect(quote?.[2]).toBe('Cite your sources.\nأضف سؤالًا رابعًا.');
      // Each line takes its own direction (plaintext) and starts on that direction's side (start), over
      // the cell's left or right.
      expect(quote?.[1]).toMatch(/unicode-bidi:plaintext;/);
      expect(quote?.[1]).toMatch(/text-align:start;/);
    },
  );
});

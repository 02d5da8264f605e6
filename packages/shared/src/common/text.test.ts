import { describe, expect, it } from 'vitest';
import { courseInputSchema, describeIssue, oneLine, signupBodySchema, withoutControls } from '../index.ts';

const signup = (firstname: string) => ({
  firstname,
  lastname: 'Haddad',
  email: 'layla@example.com',
  password: 'a-long-password',
  passwordConfirm: 'a-long-password',
  role: 'EndUser',
});
const course = (fields: Record<string, string>) => ({
  title: 'Open data',
  description: 'Sharing data.',
  author: 'Open Science Community',
  ...fields,
});
const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('control characters in names and course text', () => {
  it('keeps a name on one line however it was pasted, and refuses other control characters', () => {
    expect(signupBodySchema.parse(signup('  Layla\tMaria \r\n Ann  ')).firstname).toBe('Layla Maria Ann');
    // Arabic typing keeps its marks: right-to-left mark, zero-width non-joiner.
    expect(signupBodySchema.parse(signup('ليلى\u200f \u200cمريم')).firstname).toBe('ليلى\u200f \u200cمريم');
    for (const name of [
      'Esc\u001b[31mred',
      'Bell\u0007',
      'Del\u007f',
      'C1\u0085x',
      'Nul\u0000',
      'Lone\ud800',
      '\udc00x',
    ])
      expect(issuePaths(signupBodySchema.safeParse(signup(name))), JSON.stringify(name)).toEqual([
        'firstname',
      ]);
    expect(issuePaths(signupBodySchema.safeParse(signup(' \t\n ')))).toEqual(['firstname']);
  });

  it('refuses direction overrides, embeddings and isolates in a name (it could read backwards)', () => {
    for (const name of ['abc\u202egpj.exe', 'a\u202ab', 'a\u202db', 'a\u2066b\u2069', 'a\u2068b'])
      expect(issuePaths(signupBodySchema.safeParse(signup(name))), JSON.stringify(name)).toEqual([
        'firstname',
      ]);
    expect(oneLine(withoutControls('abc\u202egpj.exe'))).toBe('abcgpj.exe');
  });

  it('lets descriptions hold line breaks and tabs, and refuses other control characters anywhere', () => {
    expect(courseInputSchema.parse(course({ description: 'One.\n\n\tTwo.' })).description).toBe(
      'One.\n\n\tTwo.',
    );
    for (const [field, value] of [
      ['title', 'Open\u001b[2J data'],
      ['title_tr', 'بيانات\u0007'],
      ['author', 'A\u0008uthor'],
      ['description', 'Text\u000bwith a vertical tab'],
    ] as const)
      expect(issuePaths(courseInputSchema.safeParse(course({ [field]: value }))), field).toEqual([field]);
  });

  it('reads a value that shows nothing as missing, and keeps every visible one', () => {
    const invisible = [
      '\u200b',
      '\u200f\u200e',
      '\u2066\u2069',
      '\ufeff',
      '\u00a0\u3000',
      '\u064e',
      '\u3164',
      '\u2800',
    ];
    for (const value of invisible) {
      const issues = courseInputSchema.safeParse(course({ title: value, author: `A${value}` })).error?.issues;
      expect(
        issues?.map((issue) => [issue.path.join('.'), describeIssue(issue).key]),
        JSON.stringify(value),
      ).toEqual([['title', 'required']]);
      expect(issuePaths(signupBodySchema.safeParse(signup(value))), JSON.stringify(value)).toEqual([
        'firstname',
      ]);
    }
    // One issue for an empty value, as before: the length's.
    expect(courseInputSchema.safeParse(course({ title: '' })).error?.issues).toHaveLength(1);
    // A visible character among marks and joiners is enough: an Arabic letter with its vowel, an emoji.
    for (const value of ['\u200fب\u064e', 'x\u200b', '\u{1F9EA}', '٣'])
      expect(courseInputSchema.safeParse(course({ title: value })).success, JSON.stringify(value)).toBe(true);
  });

  it("cleans an identity provider's name, which cannot be refused, to what the form would keep", () => {
    expect(oneLine(withoutControls(' Layla\u001b[31m\r\n  Haddad\u0007 '))).toBe('Layla[31m Haddad');
    expect(oneLine(withoutControls('ليلى\u200f حداد'))).toBe('ليلى\u200f حداد');
  });
});

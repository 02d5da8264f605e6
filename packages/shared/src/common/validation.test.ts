import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue, issuePath, typeIssueKeys } from './validation.ts';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues;
};

describe('describeIssue', () => {
  it('maps missing values to "required" and limits to their key and number', () => {
    const schema = z.object({
      name: z.string().min(1),
      title: z.string().max(30),
      tags: z.array(z.string()).max(4),
    });
    const [missing] = issuesOf(schema, { title: 'x', tags: [] });
    expect(describeIssue(missing!)).toEqual({ key: 'required' });
    const [tooLong] = issuesOf(schema, { name: 'a', title: 'x'.repeat(31), tags: [] });
    expect(describeIssue(tooLong!)).toEqual({ key: 'too_long', limit: 30 });
    expect(issuePath(tooLong!)).toBe('title');
    const [tooMany] = issuesOf(schema, { name: 'a', title: 'x', tags: ['1', '2', '3', '4', '5'] });
    expect(describeIssue(tooMany!)).toEqual({ key: 'too_many', limit: 4 });
  });

  it('tells a missing value from one of another type with typeIssueKeys (zod reports no input)', () => {
    const schema = z.object({ email: z.string(), tags: z.array(z.string()) });
    const described = (value: unknown) =>
      (schema.safeParse(value, { error: typeIssueKeys }).error?.issues ?? []).map(
        (issue) => `${issuePath(issue)}: ${describeIssue(issue).key}`,
      );
    expect(described({ email: 5, tags: 'a' })).toEqual(['email: invalid_type', 'tags: invalid_type']);
    expect(described({ email: null })).toEqual(['email: required', 'tags: required']);
    expect(described({ email: 'a', tags: [1] })).toEqual(['tags.0: invalid_type']);
    // A schema's own message still wins.
    const own = z.string({ error: 'passwords_mismatch' }).safeParse(5, { error: typeIssueKeys });
    expect(describeIssue(own.error!.issues[0]!)).toEqual({ key: 'passwords_mismatch' });
  });

  it('keeps a schema’s own key and recognises e-mail and URL formats', () => {
    const [own] = issuesOf(
      z.string().refine(() => false, { message: 'passwords_mismatch' }),
      'x',
    );
    expect(describeIssue(own!)).toEqual({ key: 'passwords_mismatch' });
    expect(describeIssue(issuesOf(z.email(), 'nope')[0]!)).toEqual({ key: 'invalid_email' });
    expect(describeIssue(issuesOf(z.url(), 'nope')[0]!)).toEqual({ key: 'invalid_url' });
  });
});

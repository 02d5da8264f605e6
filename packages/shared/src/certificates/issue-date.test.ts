import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatIssueDate, issueDay } from './issue-date.ts';

describe('a certificate’s date of issue', () => {
  // Read in Riyadh (UTC+3), where the day turns three hours before it does in UTC (Node applies TZ at once).
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'Asia/Riyadh';
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('is the day in UTC, whatever the reader’s time zone', () => {
    // 22:30 UTC on the 21st is already the 22nd in Riyadh (UTC+3): the certificate says the 21st.
    const issuedAt = '2026-11-21T22:30:00.000Z';
    expect(formatIssueDate(issuedAt, 'en')).toBe('21 November 2026');
    expect(formatIssueDate(issuedAt, 'ar')).toBe('21 نوفمبر 2026');
    expect(issueDay(issuedAt)).toBe('2026-11-21');
  });

  it('says nothing for a value that is not a date', () => {
    expect(formatIssueDate('not a date', 'en')).toBe('');
    expect(issueDay('not a date')).toBe('');
  });
});

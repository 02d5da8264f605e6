import { describe, expect, it } from 'vitest';
import type { CertificateRecord } from './certificates.repository.ts';
import { certificatePdf } from './certificates.service.ts';

const record: CertificateRecord = {
  id: '6c1b7a52-0f6e-4c1e-9b1a-2f3d4e5f6a7b',
  issuedAt: new Date('2026-11-29T05:00:00Z'),
  name: 'Ada Lovelace',
  courseTitle: 'Open Data Basics',
  courseTitleTr: 'أساسيات البيانات المفتوحة',
  license: 'CC-BY-4.0',
  courseId: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  courseDescription: 'Why and how to share research data.',
  courseDescriptionTr: null,
  orcid: null,
};
const log = { warn: () => {} };

describe('certificatePdf (decision 106)', () => {
  it('renders a certificate asked for many times at once only once, and again once what it prints changes', async () => {
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => certificatePdf(record, 'http://a', log)),
    );
    expect(new Set(burst).size).toBe(1);
    expect(burst[0]!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await certificatePdf(record, 'http://a', log)).toBe(burst[0]);
    const renamed = await certificatePdf({ ...record, name: 'Ada King' }, 'http://a', log);
    expect(renamed).not.toBe(burst[0]);
    expect(await certificatePdf(record, 'http://b', log)).not.toBe(burst[0]);
  });
});

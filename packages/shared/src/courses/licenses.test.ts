import { describe, expect, it } from 'vitest';
import { courseInputSchema } from './course.schema.ts';
import { licenseBadgeDataUrl, licenseBadgeSvg } from './license-badge.ts';
import { COURSE_LICENSES, LICENSE_INFO, licenseDeedUrl } from './licenses.ts';

const minimalCourse = { title: 'T', description: 'D', author: 'A' };

describe('course licences', () => {
  it('defaults to CC BY 4.0 and refuses anything but the five SPDX ids', () => {
    expect(courseInputSchema.parse(minimalCourse).license).toBe('CC-BY-4.0');
    for (const license of COURSE_LICENSES)
      expect(courseInputSchema.parse({ ...minimalCourse, license }).license).toBe(license);
    for (const license of ['MIT', 'cc-by-4.0', 'CC BY 4.0', '', null, 1]) {
      const result = courseInputSchema.safeParse({ ...minimalCourse, license });
      expect(result.success, String(license)).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['license'], message: 'invalid_option' });
    }
  });

  it.each(COURSE_LICENSES)(
    '%s has names in both languages, a Creative Commons deed and a badge',
    (license) => {
      const info = LICENSE_INFO[license];
      expect(info.name).toMatch(/^C/);
      expect(info.name_ar).toMatch(/[\u0600-\u06ff]/);
      expect(licenseDeedUrl(license, 'en')).toMatch(
        /^https:\/\/creativecommons\.org\/(licenses|publicdomain)\/.+\/$/,
      );
      expect(licenseDeedUrl(license, 'ar')).toBe(`${licenseDeedUrl(license, 'en')}deed.ar`);
      const svg = licenseBadgeSvg(license);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
      expect(svg).not.toMatch(/href|<script|<image/);
      expect(licenseBadgeDataUrl(license)).toBe(`data:image/svg+xml,${encodeURIComponent(svg)}`);
    },
  );
});

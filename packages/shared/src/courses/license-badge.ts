import { LICENSE_INFO, type CourseLicense } from './licenses.ts';

/**
 * A licence badge as a small self-contained SVG (no external images: the CSP allows only our own
 * origin and data: URLs). The browser and the server's public pages show the same picture as
 * `<img src={licenseBadgeDataUrl(id)} alt="CC BY 4.0">`; the text beside it carries the meaning.
 */
export function licenseBadgeSvg(license: CourseLicense): string {
  // "CC BY-SA 4.0" → "BY-SA 4.0" beside the cc mark; "CC0 1.0" stays whole.
  const label = LICENSE_INFO[license].short.replace(/^CC /, '');
  // Verdana-sized estimate; the text is also squeezed to fit with textLength.
  const labelWidth = Math.ceil(label.length * 6.6);
  const width = 26 + labelWidth + 8;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20">` +
    `<rect width="${width}" height="20" rx="4" fill="#1f2933"/>` +
    `<circle cx="13" cy="10" r="7" fill="#fff"/>` +
    `<text x="13" y="13" font-family="Verdana,DejaVu Sans,Arial,sans-serif" font-size="8" font-weight="700" text-anchor="middle" fill="#1f2933">cc</text>` +
    `<text x="26" y="14" font-family="Verdana,DejaVu Sans,Arial,sans-serif" font-size="11" font-weight="700" fill="#fff" textLength="${labelWidth}" lengthAdjust="spacingAndGlyphs">${label}</text>` +
    `</svg>`
  );
}

export const licenseBadgeDataUrl = (license: CourseLicense): string =>
  `data:image/svg+xml,${encodeURIComponent(licenseBadgeSvg(license))}`;

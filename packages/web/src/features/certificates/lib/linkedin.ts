/**
 * LinkedIn's documented "Add to profile" link for certifications
 * (https://addtoprofile.linkedin.com): it opens the member's profile form with these fields filled in.
 * We have no LinkedIn organisation id, so the organisation is given by name.
 */
export function linkedInAddToProfileUrl(certificate: {
  name: string;
  organizationName: string;
  issuedAt: string;
  certUrl: string;
  certId: string;
}): string {
  const issued = new Date(certificate.issuedAt);
  const url = new URL('https://www.linkedin.com/profile/add');
  url.search = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.name,
    organizationName: certificate.organizationName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: certificate.certUrl,
    certId: certificate.certId,
  }).toString();
  return url.toString();
}

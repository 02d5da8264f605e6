/** An ORCID iD: four groups of four digits, the last character a checksum digit or X. */
export const ORCID_PATTERN = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

/** The public record of an ORCID iD, where a contributor's name links to (ORCID's display guidelines). */
export const orcidUrl = (orcid: string) => `https://orcid.org/${orcid}`;

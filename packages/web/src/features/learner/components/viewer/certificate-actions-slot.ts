import { createContext, type ReactNode } from 'react';

export interface CertificateRef {
  certificateId: string;
  courseTitle: string;
}

/**
 * What the certificate panel offers besides the PDF. Credentials belong to features/certificates, and
 * features never import each other (decision 031), so the /course/:id route fills this slot with the
 * certificates feature's actions; left empty, the panel shows the PDF and its download link alone.
 */
export const CertificateActionsSlot = createContext<((certificate: CertificateRef) => ReactNode) | null>(
  null,
);

import type { Localized } from '../../lib/localize.ts';

export const credentialsMessages = {
  keyNotFound: { en: 'No key has this id.', ar: 'لا يوجد مفتاح بهذا المعرّف.' },
} satisfies Record<string, Localized>;

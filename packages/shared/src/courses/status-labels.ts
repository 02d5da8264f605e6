import type { CourseStatus, Role } from '../common/constants.ts';

/** Fixed Arabic names of statuses and roles (`status_tr`, `role_tr`), never machine translated. */
export const STATUS_AR: Record<CourseStatus, string> = {
  Pending: 'قيد المراجعة',
  Approved: 'معتمدة',
  Draft: 'مسودة',
  Archived: 'مؤرشفة',
  Rejected: 'مرفوضة',
};

export const ROLE_AR: Record<Role, string> = {
  EndUser: 'متعلم',
  Contributor: 'مساهم',
  SuperAdmin: 'مشرف عام',
  Admin: 'مشرف',
};

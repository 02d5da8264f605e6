export * from './common/constants.ts';
export * from './common/errors.ts';
export * from './common/validation.ts';
export * from './common/arabic.ts';
export * from './common/youtube.ts';
export * from './auth/auth.schema.ts';
export * from './courses/course.schema.ts';
export * from './courses/status-labels.ts';

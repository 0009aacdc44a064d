export * from './fields.ts';
export * from './forms.ts';

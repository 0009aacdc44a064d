export * from './fields.ts';
export * from './forms.ts';
export * from './store-profile.ts';
export * from './product.ts';
export * from './commerce.ts';
export * from './text.ts';
export * from './discount.ts';
export * from './email.ts';

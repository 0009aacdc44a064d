export { StoreBuilder, type StoreBuilderProps } from './components/store-builder.tsx';
export type { ProductLayoutFieldProps } from './components/products-section.tsx';

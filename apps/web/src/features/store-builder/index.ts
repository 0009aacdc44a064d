export { StoreBuilder, type StoreBuilderProps } from './components/store-builder.tsx';

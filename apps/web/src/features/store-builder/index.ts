export { StoreBuilder, type StoreBuilderProps } from './components/store-builder.tsx';
export { contrastRatio, contrastWarnings } from './lib/contrast.ts';

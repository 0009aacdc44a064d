import { useEditorEnvironment } from '../lib/editor-context.ts';
import { ImageField } from './image-field.tsx';

/** A block's image field inside Puck: the store comes from the editor. */
export function CanvasImageField(props: { label: string; value: string; onChange: (src: string) => void; readOnly?: boolean }) {
  const { storeId } = useEditorEnvironment();
  return <ImageField storeId={storeId} {...props} />;
}

import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { uploadImage } from '#src/lib/upload.ts';

/** The same route, types and limit as product covers (`POST /api/stores/:storeId/images`). */
const IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The server's words (apps/server/src/http/routes/uploads), so a refusal reads the same before and after sending. */
export const POST_IMAGE_MESSAGES = { notImage: 'Please upload a PNG, JPEG, WebP or GIF image.', tooLarge: 'Images must be 5 MB or smaller.' } as const;

/** Checked in the browser before sending; the server checks the bytes again. */
export function postImageProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return POST_IMAGE_MESSAGES.notImage;
  if (file.size > IMAGE_MAX_BYTES) return POST_IMAGE_MESSAGES.tooLarge;
  return null;
}

/** Uploads an image for a post's text; answers its address on the store (`/files/<storeId>/image-….webp`). */
export async function uploadPostImage(storeId: string, file: File): Promise<string> {
  return (await uploadImage(`/api/stores/${encodeURIComponent(storeId)}/images`, file, () => undefined).promise).url;
}

/** The membership product's uploaded files (its Files card), to attach to a post. */
export function useMembershipFiles(storeId: string, productId: string) {
  return useQuery({ queryKey: ['memberships', storeId, productId, 'files'], queryFn: async () => (await callFunction('getProduct', { storeId, productId })).files });
}

/** Refuses decompression bombs: a few MB of PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 82;

export type ImageUse = 'avatar' | 'cover';

/**
 * Re-encodes an uploaded image as WebP: avatars 400×400 (cropped to fill), covers at most 1200 px
 * wide (never enlarged). Turned upright by its EXIF orientation, then every bit of metadata (EXIF,
 * GPS, ICC, XMP) is dropped. Null when the bytes do not decode as an image. sharp (and libvips
 * with it, about 20 MB resident) is loaded on the first image, not when the server starts: most
 * processes never resize one.
 */
export async function toWebp(input: Buffer, use: ImageUse): Promise<Buffer | null> {
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const resized =
      use === 'avatar'
        ? image.resize(400, 400, { fit: 'cover' })
        : image.resize({ width: 1200, withoutEnlargement: true });
    return await resized.webp({ quality: WEBP_QUALITY }).toBuffer();
  } catch {
    return null;
  }
}

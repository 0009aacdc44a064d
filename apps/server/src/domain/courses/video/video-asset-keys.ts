// Exports the storage keys of a video asset: server-built, never a client path (SECURITY "Files").

/** Everything of one video lives under this folder; a deleted asset is one deletePrefix. */
export const videoAssetPrefix = (storeId: string, assetId: string) => `${storeId}/courses/videos/${assetId}`;

export const videoOriginalKey = (storeId: string, assetId: string) => `${videoAssetPrefix(storeId, assetId)}/original`;

/** One folder per transcode run, so a run that lost its lease never overwrites the current run's files. */
export const videoRunPrefix = (storeId: string, assetId: string, run: string) => `${videoAssetPrefix(storeId, assetId)}/hls-${run}`;

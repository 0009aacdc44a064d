// Exports the job kinds of campaign sending (CAMPAIGN_START_KIND, CAMPAIGN_BATCH_KIND), shared by
// the scheduler, the jobs and the tests.

/** Starts a scheduled campaign: re-checks it, fans out the recipient rows, queues the batches. */
export const CAMPAIGN_START_KIND = 'email-campaign-start';
/** Sends a campaign's pending recipient rows until none is left or its time slice ends. */
export const CAMPAIGN_BATCH_KIND = 'email-campaign-batch';

import { AdvancedAnalytics, AdvancedAnalyticsOff, AnalyticsScreen, type AdvancedSlotProps } from '#src/features/analytics/index.ts';
import { FeatureGate } from '#src/features/platform/index.ts';

/** The funnel and revenue by source exist only while the platform's advancedAnalytics flag is on (the server checks it too). */
function GatedAdvanced(props: AdvancedSlotProps) {
  return (
    <FeatureGate flag="advancedAnalytics" fallback={<AdvancedAnalyticsOff />}>
      <AdvancedAnalytics {...props} />
    </FeatureGate>
  );
}

export function AnalyticsBody() {
  return <AnalyticsScreen advanced={(props) => <GatedAdvanced {...props} />} />;
}

export { getPlatformStatus, type PlatformStatus } from './api/get-platform-status.ts';
export { usePlatformStatus, PLATFORM_STATUS_QUERY_KEY } from './hooks/use-platform-status.ts';
export { MaintenanceScreen } from './components/maintenance-screen.tsx';
export { SignupGate } from './components/signup-gate.tsx';

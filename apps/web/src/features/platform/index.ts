export { FeatureGate } from './components/feature-gate.tsx';
export { MaintenanceScreen } from './components/maintenance-screen.tsx';
export { MaintenanceNotice } from './components/maintenance-notice.tsx';
export { SignupGate } from './components/signup-gate.tsx';

export { MaintenanceScreen } from './components/maintenance-screen.tsx';
export { SignupGate } from './components/signup-gate.tsx';

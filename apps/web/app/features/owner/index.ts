export { OwnerDashboardPage } from './components/dashboard/OwnerDashboardPage';
export { DevicesPage } from './components/devices/DevicesPage';
export { RoomsPage } from './components/rooms/RoomsPage';

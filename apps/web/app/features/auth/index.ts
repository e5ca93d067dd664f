export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './DemoAccounts';
export { LoginPage } from './LoginPage';
export { RouteGuard } from './RouteGuard';

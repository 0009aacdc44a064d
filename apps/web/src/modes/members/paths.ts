export { MEMBERS_PATHS } from '../../features/members/index.ts';

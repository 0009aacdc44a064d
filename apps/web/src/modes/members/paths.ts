export { MEMBERS_PATHS } from '#src/features/members/index.ts';

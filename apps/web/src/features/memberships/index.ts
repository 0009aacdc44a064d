/** Memberships in the web app: the creator's members page, joining from the storefront, the member's page. */
export { MembershipMembers, type MembershipOption } from './components/membership-members.tsx';
export { EMPTY_MEMBERS_TEXT } from './components/members-screen.tsx';
export { MyMembershipsSection, NO_MEMBERSHIPS_TEXT } from './components/my-memberships-section.tsx';
export { useMyMemberships } from './api/my-memberships-api.ts';
export { MembershipPosts } from './components/membership-posts.tsx';
export { EMPTY_POSTS_TEXT } from './components/posts-screen.tsx';
export { MyMembershipPosts, NO_POSTS_TEXT } from './components/my-membership-posts.tsx';

import type { StoreProfile } from '@shopfront/core';
import { Avatar } from './avatar.tsx';
import { SocialLinks } from './social-links.tsx';
import './profile-header.css';

/** Avatar, name (the page's h1), bio as plain text, social icons. */
export function ProfileHeader({ profile }: { profile: StoreProfile }) {
  const bio = profile.description.trim();
  return (
    <header className="sf-profile">
      <Avatar name={profile.name} avatarUrl={profile.avatarUrl} />
      <h1 className="sf-name">{profile.name}</h1>
      {bio ? <p className="sf-bio">{bio}</p> : null}
      <SocialLinks links={profile.socialLinks} />
    </header>
  );
}

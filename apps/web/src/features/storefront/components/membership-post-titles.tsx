import type { StorefrontProductDetail } from '@shopfront/core';

/** A membership page's newest published members-only posts: titles only (the server never sends their text). */
export function MembershipPostTitles({ posts }: { posts: NonNullable<StorefrontProductDetail['membershipPosts']> }) {
  if (posts.length === 0) return null;
  return (
    <section className="sf-pp-posts" aria-labelledby="sf-pp-posts-title">
      <h2 id="sf-pp-posts-title" className="sf-pp-posts-title">
        Members-only posts
      </h2>
      <ul className="sf-pp-posts-list">
        {posts.map((post, index) => (
          <li key={`${post.publishedAt}-${index}`}>
            <span className="sf-pp-posts-name">{post.title}</span>
            <span className="sf-pp-posts-lock">Members only</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

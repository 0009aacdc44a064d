// Exports the upload reference queries (findReferencedUploadNames, findStillReferenced): one module because
// both read the same list of referencing columns.
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { membershipPosts, products, storeDrafts, stores, users, websitePages, websitePageVersions } from '#src/db/schema/index.ts';

/**
 * Every column that can hold an uploaded image's URL (`/files/<storeId>/<name>`), as text: the
 * live store and its draft (decision 012), every product whatever its status (archived products
 * still show their cover to past buyers), profile photos, and website pages (published, draft,
 * SEO image, and every kept version, which a restore brings back), members-only posts' text. A new column that can hold such a URL
 * must be added here, or the sweep deletes an image that is still shown.
 */
const REFERENCING_TEXT = sql`
  select concat_ws(' ', ${stores.avatarUrl}, ${stores.description}, ${stores.links}::text, ${stores.socialLinks}::text) as text
    from ${stores}
  union all select ${storeDrafts.data}::text from ${storeDrafts}
  union all select concat_ws(' ', ${products.coverImageUrl}, ${products.subtitle}, ${products.descriptionHtml}, ${products.externalUrl})
    from ${products}
  union all select ${users.photoUrl} from ${users}
  union all select concat_ws(' ', ${websitePages.seoImageSrc}, ${websitePages.draftContent}::text, ${websitePages.publishedContent}::text)
    from ${websitePages}
  union all select ${websitePageVersions.content}::text from ${websitePageVersions}
  union all select ${membershipPosts.bodyHtml} from ${membershipPosts}`;

/** Mirrors UPLOADED_IMAGE_NAME in PostgreSQL's regular expression syntax. */
const NAME_PATTERN = String.raw`(?:avatar|image)-[0-9a-f]{24}\.(?:png|jpg|webp|gif)`;

/** The names of all uploaded images some row mentions, in one statement (one snapshot). */
export async function findReferencedUploadNames(db: Database): Promise<Set<string>> {
  const result = await db.execute<{ name: string }>(sql`
    select distinct found.parts[1] as name
      from (${REFERENCING_TEXT}) as referencing, regexp_matches(referencing.text, ${NAME_PATTERN}, 'g') as found(parts)`);
  return new Set(result.rows.map((row) => row.name));
}

/**
 * Which of `names` some row mentions anywhere in its text, whatever the store or the URL's form.
 * One statement reads one snapshot, so a publish committing meanwhile is seen whole: its new
 * avatar is in the store row or still in the draft, never in neither.
 */
export async function findStillReferenced(db: Database, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const result = await db.execute<{ name: string }>(sql`
    select candidate.name
      from unnest(${sql.param(names)}::text[]) as candidate(name)
     where exists (select 1 from (${REFERENCING_TEXT}) as referencing where strpos(referencing.text, candidate.name) > 0)`);
  return new Set(result.rows.map((row) => row.name));
}

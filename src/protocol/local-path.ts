// Where to go after signing in: a path of this site only, never another origin (an open
// redirect). Pure, for the sign-in form in the browser and next-auth's redirect callback alike.

/**
 * `url` (absolute or relative) as a path of `origin`, or null when it leads elsewhere. A path
 * with leading slashes (`//other.example/…`, which a same-origin URL can carry in its path)
 * would be read as another host: they are folded into one.
 */
export function localPath(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return null;
  }
  if (target.origin !== new URL(origin).origin) return null;
  return `/${target.pathname.replace(/^\/+/, "")}${target.search}${target.hash}`;
}

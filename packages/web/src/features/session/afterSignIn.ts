/**
 * Where a sign-in goes: the link that was asked for before it (`?next=`, a path of this app only,
 * never another site), else the account's default page.
 */
export function afterSignIn(next: string | null, defaultPath: string | null | undefined): string {
  if (next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') && !next.startsWith('/login')) return next;
  return defaultPath ?? '/403';
}

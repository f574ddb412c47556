/** `url` without its password (`postgres://user:***@host/db`), for messages; the text as given when it is not a URL. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/:\/\/([^:@/]*):[^@/]*@/, '://$1:***@');
  }
}

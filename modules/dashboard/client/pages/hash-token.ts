/** The `#token=…` of a mailed link, read once and dropped from the address bar (it must not linger in history). */
export function takeHashToken(): string | undefined {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? undefined;
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  return token;
}

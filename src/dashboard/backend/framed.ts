// Whether the page runs inside a frame. A frame can be made invisible over a page that asks for
// clicks (clickjacking), so the board takes no credential action there: the Credentials dialog
// says to open the board in its own tab instead. A cross-origin parent makes `window.top` a
// restricted object; comparing it is allowed, anything else may throw.
export function isFramed(): boolean {
  try {
    return typeof window !== 'undefined' && window.top !== window.self;
  } catch {
    return true;
  }
}

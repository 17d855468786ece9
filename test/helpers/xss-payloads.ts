/** XSS payloads, each ≤ 50 chars (the interstitial cta_text limit) and aimed at a different context. */
export const XSS_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '"><img src=x onerror=window.__xss=1>',
  "'><svg onload=window.__xss=1>",
  '</title><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  "';alert(1);//",
  '"-alert(1)-"',
  '</style><img src=x onerror=alert(1)>',
  '<iframe srcdoc="<script>parent.__xss=1</script>">',
  "{{constructor.constructor('alert(1)')()}}",
];

/** What the browser says about itself, as the access statistics record it (SPEC §7 browser, device, os). */
export function describeBrowser(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): {
  browser: string;
  device: string;
  os: string;
} {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'other';
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'other';
  const device = /Mobi|Android|iPhone|iPod/.test(userAgent)
    ? 'mobile'
    : /iPad|Tablet/.test(userAgent)
      ? 'tablet'
      : 'desktop';
  return { browser, device, os };
}

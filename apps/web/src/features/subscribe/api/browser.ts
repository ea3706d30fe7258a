/** Leaving the app for a provider's hosted checkout; one seam, so tests can watch it instead of navigating. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

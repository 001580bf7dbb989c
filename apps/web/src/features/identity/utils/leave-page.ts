/** Leaves the application for another site (the identity provider); tests replace `leaveTo`. */
export const browserWindow = {
  leaveTo(url: string): void {
    window.location.assign(url);
  },
};

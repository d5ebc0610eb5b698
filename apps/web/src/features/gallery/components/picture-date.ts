/** '12 Mar 2024': the day a picture was posted, the same in the grid's labels and the viewer. */
export const pictureDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

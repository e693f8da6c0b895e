/**
 * How a picture loads: the page's lead picture (its largest paint) at once and before everything
 * else, every other one when it comes near the screen.
 */
export const pictureLoading = (lead: boolean) => (lead ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const));

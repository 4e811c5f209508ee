// The account rules' figures, apart from their zod schemas: the error messages every page
// carries name them without bringing zod into every page's first load.

export const NAME_MIN = 3;
export const NAME_MAX = 20;
export const PASSWORD_MIN = 8;
/** bcrypt reads at most 72 bytes; longer passwords would be silently cut. */
export const PASSWORD_MAX_BYTES = 72;

/** Static assets shared by screens; zod-free so the app shell can import it cheaply. */
/** The original Yumi mascot illustration (launcher, assistant, default background). */
export const MASCOT_IMAGE_URL = '/yumi-mascot.svg';

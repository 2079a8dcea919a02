/** The word diff lives in @yumi/core (pure); re-exported for the writing UI. */
export { diffWords } from '@yumi/core';

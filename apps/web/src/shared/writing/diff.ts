/** The word diff lives in @yumi/core (pure); re-exported for the writing UI. */
export { diffWords, type DiffPart } from '@yumi/core';

export * from './chat';
export * from './faq';
export * from './help';
export * from './knowledge';
export * from './models';
export * from './personas';
export * from './prompt';
export * from './tones';

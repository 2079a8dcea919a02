import { PERSONAS } from '@yumi/core';
import { answerOffline } from './src/providers/llm/local';
console.log(answerOffline(process.argv[2]!, PERSONAS[(process.argv[4] ?? 'otaku') as 'otaku'], 'main', (process.argv[3] ?? 'en') as 'en'));

export { useAiSettings } from './useAiSettings';
export { useModels, useReconcileModel } from './useModels';
export { streamChat, editText } from './streamChat';
export { openAssistant } from './openAssistant';
export { modeForPath, useDeclareAssistantMode, useDeclaredAssistantMode } from './assistantMode';
export { AiError, assertModel } from './ModelNotice';

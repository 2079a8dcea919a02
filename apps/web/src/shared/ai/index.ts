export { useAiSettings, type AiSettings } from './useAiSettings';
export { useModels, useReconcileModel, MODELS_KEY } from './useModels';
export { streamChat, editText, type ChatBody, type StreamOptions } from './streamChat';
export { openAssistant, ASSISTANT_EVENT, type OpenAssistantDetail } from './openAssistant';
export { modeForPath, useDeclareAssistantMode, useDeclaredAssistantMode } from './assistantMode';
export { AiError, assertModel, isModelRequired, ModelNotice } from './ModelNotice';

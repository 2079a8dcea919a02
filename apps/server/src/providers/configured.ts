import type { Config } from '../config';

/** Names of the providers this server can use: the embedded defaults plus those configured. */
export function configuredProviders(config: Config) {
  const llm = ['local'];
  if (config.OPENAI_API_KEY) llm.push('openai');
  if (config.ANTHROPIC_API_KEY) llm.push('claude');
  if (config.QWEN_API_KEY) llm.push('qwen');
  if (config.OPENAI_COMPATIBLE_BASE_URL) llm.push('openai-compatible');
  const image = ['procedural'];
  if (config.SD_WEBUI_URL) image.push('sd-webui');
  if (config.COMFYUI_URL) image.push('comfyui');
  if (config.OPENAI_API_KEY) image.push('openai-images');
  const payments = ['test-checkout'];
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) payments.push('stripe');
  if (config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY) payments.push('alipay');
  return { llm, image, payments };
}

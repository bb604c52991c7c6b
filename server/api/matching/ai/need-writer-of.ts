import type { ServerConfig } from '#server/config.ts';
import type { NeedWriter } from './need-writer.ts';
import { openAiNeedWriter } from './openai-need-writer.ts';
import { templateNeedWriter } from './template-need-writer.ts';

/**
 * The writer the deployment configured (server/config.ts, NEED_WRITER_*): a model server when a
 * base URL is set, else the built-in template writer. Built once when the routes are registered;
 * the key is read through readSecret here and kept by the client only.
 */
export function needWriterOf(config: Pick<ServerConfig, 'needWriter' | 'readSecret'>): NeedWriter {
  const settings = config.needWriter;
  if (settings.kind === 'template') return templateNeedWriter();
  return openAiNeedWriter({
    baseUrl: settings.baseUrl,
    model: settings.model,
    apiKey: config.readSecret('NEED_WRITER_API_KEY'),
    timeoutMs: settings.timeoutMs,
  });
}

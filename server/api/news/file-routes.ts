import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ArticleKind } from '../../contracts/news.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

// SKELETON: replaced by the helper that owns this file.
export const articleFileRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async () => {};

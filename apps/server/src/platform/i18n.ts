import type { FastifyRequest } from 'fastify';
import { pickLang, translate, type Lang, type MessageParams } from '@bencao/contracts';

/** The caller's language: the console sends Accept-Language with its UI language. */
export const langOf = (req: FastifyRequest): Lang => pickLang(req.headers['accept-language']);
export const tr = (req: FastifyRequest, key: string, params?: MessageParams) => translate(langOf(req), key, params);

import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before its answer is sent,
 * so that work queued for it (an outside call) can be dropped.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const onClose = () => {
    if (!response.writableFinished) controller.abort(new Error('the client has gone'));
  };
  response.once('close', onClose);
  return controller.signal;
}

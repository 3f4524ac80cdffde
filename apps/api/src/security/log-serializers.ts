import type { FastifyRequest } from "fastify";

// A reset link's token opens the account for an hour, and a verification link's proves an address
// (which then receives the imported requests made out to it): neither reaches a log, whether it
// came in the address of the API call or of the page the link opens.
const TOKEN_IN_PATH = /(\/(?:reset-password|verify-email)\/)[^/?#]+/g;

// The admin search finds passport numbers and letter references: its term is not logged either.
const SEARCH_TERM = /([?&](?:search|q)=)[^&#]*/g;

/** The request's address as logged: a link's token and a search term are masked. */
export function loggedUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, "$1[token]").replace(SEARCH_TERM, "$1[term]");
}

/** How a request is described in log lines ("incoming request", errors): no secrets in its address. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: loggedUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

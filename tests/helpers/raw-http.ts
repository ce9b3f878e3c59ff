import http from "node:http";

export type RawRequest = {
  method: string;
  /** Sent exactly as given: no normalising, no re-encoding. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * Sends one request over node:http with the path and headers exactly as given and reads the
 * answer to its end. Resolves to the status, or undefined when Node itself refuses to send
 * something (a character no HTTP client may put in a path or header).
 */
export function rawRequest(base: string, request: RawRequest): Promise<number | undefined> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request(
        { agent, hostname, port, method: request.method, path: request.path, headers: request.headers },
        (response) => {
          response.on("data", () => undefined);
          response.on("end", () => resolve(response.statusCode));
          response.on("error", reject);
        },
      );
    } catch {
      resolve(undefined);
      return;
    }
    // The server may answer early and hang up on a body it refused (413, 415): that is an answer too.
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") resolve(0);
      else reject(error);
    });
    outgoing.end(request.body);
  });
}

export function closeRawAgent(): void {
  agent.destroy();
}

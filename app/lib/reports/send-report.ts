export type SendReportResult =
  | { ok: true; id: string; reference: string; caseUrl: string }
  | { ok: false; status: number; error?: string; fields?: Record<string, string> };

/**
 * Posts the report as multipart with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. `onProgress` receives 0..100. Never rejects: failures come back as values.
 */
export function sendReport(body: FormData, onProgress: (percent: number) => void): Promise<SendReportResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/security/reports");
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    request.addEventListener("load", () => {
      const response = request.response as {
        id?: string;
        reference?: string;
        caseUrl?: string;
        error?: unknown;
        fields?: Record<string, string>;
      } | null;
      if (request.status === 201 && response?.id && response.reference) {
        onProgress(100);
        resolve({ ok: true, id: response.id, reference: response.reference, caseUrl: response.caseUrl ?? "" });
        return;
      }
      resolve({
        ok: false,
        status: request.status,
        error: typeof response?.error === "string" ? response.error : undefined,
        fields: response?.fields,
      });
    });
    request.addEventListener("error", () => resolve({ ok: false, status: 0 }));
    request.addEventListener("abort", () => resolve({ ok: false, status: 0 }));
    request.send(body);
  });
}

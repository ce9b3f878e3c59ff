/** The report page's main buttons (save the assessment, send a message). */
export const reportButtonClass =
  "inline-flex min-h-11 items-center rounded-lg bg-indigo-700 px-5 text-sm font-semibold text-white hover:bg-indigo-800 disabled:cursor-not-allowed disabled:opacity-60";

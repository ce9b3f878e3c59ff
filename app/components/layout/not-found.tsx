import { Link } from "react-router";
import { notFoundCopy } from "../../content/not-found";

export function NotFound() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-6xl font-extrabold tracking-tight text-indigo-700">{notFoundCopy.code}</h1>
      <p className="mt-4 text-xl text-slate-700">{notFoundCopy.message}</p>
      <Link
        to="/"
        className="mt-8 rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800"
      >
        {notFoundCopy.homeLink}
      </Link>
    </section>
  );
}

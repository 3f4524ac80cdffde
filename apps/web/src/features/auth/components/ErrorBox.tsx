import { Link } from "react-router";
import { Banner } from "../../../components/Banner";
import type { FriendlyError } from "../auth-errors";

/** A mapped sign-in or registration error with its note and, when useful, the way forward. */
export function ErrorBox({ error }: { error: FriendlyError }) {
  return (
    <Banner kind="error">
      <p>{error.message}</p>
      {error.note && <p className="mt-1">{error.note}</p>}
      {error.suggestRegister && (
        <p className="mt-1">
          <Link to="/register" className="font-medium underline">
            Create an account
          </Link>
        </p>
      )}
    </Banner>
  );
}

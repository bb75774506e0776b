import { Link } from "@tanstack/react-router";
import "./empty-state.css";

/** An empty list's screen: what is empty, and a button to the catalogue (cart, wishlist, compare). */
export function EmptyState({ message, action }: { message: string; action: string }) {
  return (
    <div className="ui-container empty-state">
      <p className="ui-h2 empty-state__message">{message}</p>
      <Link to="/catalog" className="ui-btn ui-btn--contained">
        {action}
      </Link>
    </div>
  );
}

/** The space a list's lines take while their chunk (and MUI's, which draws them) loads. */
export function LinesPending() {
  return <div className="ui-container empty-state__busy" aria-busy="true" />;
}

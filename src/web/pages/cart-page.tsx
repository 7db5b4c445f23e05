import { ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { PageShell, primaryActionClass } from "#web/shell/page-shell.tsx";

/** /cart. Empty until services can be added; the cart issue fills it. */
export function CartPage() {
  return (
    <PageShell
      title="Your cart"
      icon={<ShoppingCart className="size-7" />}
      lead="Your cart is empty. The services you add show up here with the option you chose and its price."
    >
      <Link to="/#services" className={primaryActionClass}>
        Browse services
      </Link>
    </PageShell>
  );
}
